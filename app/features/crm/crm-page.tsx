/** Contacts. Built by the crm work. */
export function ContactsPage() {
  return (
    <section>
      <h1>Contacts</h1>
    </section>
  );
}
