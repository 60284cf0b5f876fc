import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EditableText, type EditableTextProps } from './EditableText';
import styles from './list.module.css';

/*
 * What a row's editable text shows, shut and open, rendered as HTML (the web tests run in Node
 * without a DOM). The rows that use it are tested in quotation-pages.test.tsx.
 */

const note: EditableTextProps = {
  id: 'line-note',
  value: '',
  valueLabel: 'Note:',
  label: 'Note to the seller',
  addLabel: 'Add a note to the seller',
  editLabel: 'Edit note',
  itemName: 'Frying Pan',
  maxLength: 500,
  saveLabel: 'Save note',
  busy: false,
  saving: false,
  onSave: () => Promise.resolve(true),
};

const render = (props: Partial<EditableTextProps> = {}) => renderToStaticMarkup(<EditableText {...note} {...props} />);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

describe('EditableText', () => {
  it('with no text, offers to add one, named for its row, beside the row’s other actions', () => {
    const html = render({ otherActions: <button type="button">Remove</button>, actionsClassName: 'spread' });
    expect(html).toBe(
      `<div class="${styles.controls} spread"><button type="button" class="${styles.linkButton}">Add a note to the seller` +
        '<span class="visually-hidden"> for Frying Pan</span></button><button type="button">Remove</button></div>',
    );
    expect(html).not.toContain('<textarea');
  });

  it('with a text, shows it after its label, as written, and offers to edit it', () => {
    const html = render({ value: 'Wrap it <please> & thanks' });
    expect(html).toContain(`<p class="${styles.text}"><strong>Note:</strong> Wrap it &lt;please&gt; &amp; thanks</p>`);
    expect(text(html)).toContain('Edit note for Frying Pan');
    expect(text(html)).not.toContain('Add a note');
  });

  it('waits while something in the row is under way', () => {
    expect(render({ busy: true })).toMatch(/<button type="button" class="[^"]+" disabled="">Add a note to the seller/);
  });

  it('open: the labelled textarea with the text, its limit and hint, then Save and Cancel; the row’s other actions hidden', () => {
    const html = render({
      value: 'Mint if possible',
      hint: 'Up to 500 characters.',
      otherActions: <button type="button">Remove</button>,
      initial: { editing: true },
    });
    expect(html).toContain('<label for="line-note" class="' + styles.label + '">Note to the seller</label>');
    expect(html).toMatch(
      /<textarea id="line-note"[^>]*maxLength="500"[^>]*aria-describedby="line-note-hint"[^>]*>Mint if possible<\/textarea>/,
    );
    expect(html).toContain('<p class="' + styles.hint + '" id="line-note-hint">Up to 500 characters.</p>');
    expect(html).toContain('<button type="button" class="button button--primary">Save note</button>');
    expect(html).toContain('<button type="button" class="button button--secondary">Cancel</button>');
    expect(text(html)).not.toContain('Remove');
    expect(html).not.toContain('<strong>Note:</strong>');
  });

  it('open without a hint: nothing to describe the textarea', () => {
    expect(render({ initial: { editing: true } })).not.toContain('aria-describedby');
  });

  it('while saving, says so and cannot be cancelled; while the row is busy, Save waits', () => {
    const saving = render({ initial: { editing: true }, busy: true, saving: true });
    expect(saving).toContain('<button type="button" class="button button--primary" disabled="">Saving…</button>');
    expect(saving).toContain('<button type="button" class="button button--secondary" disabled="">Cancel</button>');
    const busy = render({ initial: { editing: true }, busy: true });
    expect(busy).toContain('<button type="button" class="button button--primary" disabled="">Save note</button>');
    expect(busy).toContain('<button type="button" class="button button--secondary">Cancel</button>');
  });
});
