/** Shown while a page's data is on its way (streamed first, replaced by the page). */
export default function Loading() {
  return (
    <div className="loading" role="status" aria-live="polite">
      <p className="visually-hidden">Loading the shop…</p>
      <div className="skeleton skeleton--hero" aria-hidden="true" />
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i}>
            <div className="skeleton skeleton--card" />
          </li>
        ))}
      </ul>
    </div>
  );
}
