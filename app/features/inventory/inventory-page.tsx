/** Inventory. Built by the inventory work. */
export function InventoryPage() {
  return (
    <section>
      <h1>Inventory</h1>
    </section>
  );
}
