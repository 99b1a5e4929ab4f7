/** Sync and conflicts. Built by the sync work. */
export function SyncPage() {
  return (
    <section>
      <h1>Sync and conflicts</h1>
    </section>
  );
}
