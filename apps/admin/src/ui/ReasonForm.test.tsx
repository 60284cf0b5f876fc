import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormProblem } from './FormProblem';
import { ReasonForm } from './ReasonForm';
import type { OneFieldForm } from './useOneFieldForm';

/** The form's state as `useOneFieldForm` would hold it after a refusal (the admin tests run in Node, without a DOM). */
const refused = (changes: Partial<OneFieldForm<{ reason: string }>> = {}): OneFieldForm<{ reason: string }> => ({
  fieldId: 'cancel-reason',
  text: 'r'.repeat(501),
  error: 'The reason must be at most 500 characters',
  problem: null,
  change: () => {},
  refuse: () => {},
  submit: () => {},
  focusField: () => {},
  clearError: () => {},
  clearProblem: () => {},
  ...changes,
});

const render = (busy: boolean, cancel?: { label: string; onCancel: () => void }) =>
  renderToStaticMarkup(
    <ReasonForm
      form={refused()}
      aria-labelledby="cancel-heading"
      label="Reason for cancelling"
      hint="1 to 500 characters."
      rows={3}
      busy={busy}
      send={() => {}}
      submitLabel="Cancel order"
      busyLabel="Cancelling…"
      cancel={cancel}
    >
      <p>Before the field</p>
    </ReasonForm>,
  );

describe('ReasonForm', () => {
  it('names the form, ties the hint and the error to the required field, and marks it', () => {
    const html = render(false);
    expect(html).toMatch(/^<form noValidate="" aria-labelledby="cancel-heading"><p>Before the field<\/p>/);
    expect(html).toContain(
      '<textarea id="cancel-reason" aria-describedby="cancel-reason-hint cancel-reason-error" aria-invalid="true" required="" rows="3">',
    );
    expect(html).toContain('<p class="field-error" id="cancel-reason-error">The reason must be at most 500 characters</p>');
    expect(html).toContain('<button type="submit" class="button button--danger">Cancel order</button>');
    expect(html).not.toContain('type="button"');
  });

  it('says the change is on its way, and offers giving up when asked', () => {
    const html = render(true, { label: "Don't reject", onCancel: () => {} });
    expect(html).toContain('<button type="submit" class="button button--danger" aria-busy="true">Cancelling…</button>');
    expect(html).toContain('<button type="button" class="button button--secondary">Don&#x27;t reject</button>');
  });
});

describe('FormProblem', () => {
  it('says the problem under its title, focusable, or nothing', () => {
    expect(renderToStaticMarkup(<FormProblem problem={null} title="Nothing was changed" />)).toBe('');
    expect(renderToStaticMarkup(<FormProblem problem={{ text: 'Down', n: 2 }} title="Nothing was changed" />)).toBe(
      '<div class="alert alert--error" role="alert" tabindex="-1"><p><strong>Nothing was changed</strong></p><p>Down</p></div>',
    );
  });
});
