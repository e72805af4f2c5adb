/** Stands for a page whose feature is not built yet; says so instead of pretending. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="placeholder-page">
      <h1>{title}</h1>
      <p>This page is being built.</p>
    </main>
  );
}
