'use client';

/**
 * Last-resort error state, used only when the root layout itself fails. It replaces the whole
 * document, so it carries its own minimal styles.
 */
export default function GlobalError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-GB">
      <body
        style={{
          margin: 0,
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
          color: '#1b1f1e',
          background: '#ffffff',
        }}
      >
        <main style={{ maxWidth: '40rem', margin: '0 auto', padding: '4rem 1rem' }}>
          <title>Please try again</title>
          <h1 style={{ fontSize: '1.5rem' }}>The shop is taking a break — please try again in a moment.</h1>
          <button
            type="button"
            onClick={() => retry()}
            style={{
              font: 'inherit',
              padding: '0.6rem 1.2rem',
              border: 0,
              borderRadius: '0.5rem',
              background: '#0b5d4b',
              color: '#ffffff',
              cursor: 'pointer',
            }}
          >
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
