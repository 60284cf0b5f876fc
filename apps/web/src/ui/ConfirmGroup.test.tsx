import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmGroup, RemoveConfirmation, useConfirmGroup } from './ConfirmGroup';
import styles from './list.module.css';

/*
 * What a row's question shows, rendered as HTML (the web tests run in Node without a DOM), and where
 * its hook moves focus (with the document stubbed). The rows that ask it are tested in
 * quotation-pages.test.tsx.
 */

const noop = () => {};

describe('ConfirmGroup', () => {
  it('is a named group that can take focus, with the question and the answer that acts first', () => {
    const html = renderToStaticMarkup(
      <ConfirmGroup
        label="Ask again for Kettle?"
        confirm={{ label: 'Change and ask again', onClick: noop }}
        cancel={{ label: 'Keep the answer', onClick: noop }}
      >
        <p>Changing the quantity asks the shop to quote again.</p>
      </ConfirmGroup>,
    );
    expect(html).toBe(
      `<div class="${styles.question}" tabindex="-1" role="group" aria-label="Ask again for Kettle?">` +
        '<p>Changing the quantity asks the shop to quote again.</p>' +
        `<div class="${styles.buttons}">` +
        '<button type="button" class="button button--primary">Change and ask again</button>' +
        '<button type="button" class="button button--secondary">Keep the answer</button>' +
        '</div></div>',
    );
  });

  it('while the row is busy, the answer that acts waits; the other does not', () => {
    const html = renderToStaticMarkup(
      <ConfirmGroup label="Q?" confirm={{ label: 'Do it', onClick: noop }} cancel={{ label: 'Keep', onClick: noop }} busy>
        <p>Q?</p>
      </ConfirmGroup>,
    );
    expect(html).toContain('<button type="button" class="button button--primary" disabled="">Do it</button>');
    expect(html).toContain('<button type="button" class="button button--secondary">Keep</button>');
  });

  it('shows only the answers it is given (a problem to acknowledge, or nothing to do yet)', () => {
    const html = renderToStaticMarkup(
      <ConfirmGroup label="Quantity of Pan" cancel={{ label: 'OK', onClick: noop }} confirm={null}>
        <p role="alert">Only 2 left: lower the quantity to buy this item.</p>
      </ConfirmGroup>,
    );
    expect(html).toContain('<p role="alert">Only 2 left: lower the quantity to buy this item.</p>');
    expect(html).not.toContain('button--primary');
    expect(html).toContain('>OK</button>');
    expect(renderToStaticMarkup(<ConfirmGroup label="Q?">Q?</ConfirmGroup>)).toContain(`<div class="${styles.buttons}"></div>`);
  });
});

describe('RemoveConfirmation', () => {
  const props = { name: 'Frying Pan <XL>', list: 'your cart', busy: false, removing: false, onRemove: noop, onKeep: noop };

  it('asks "Remove ‹name›?" in the words of its list, with Remove it and Keep it', () => {
    const html = renderToStaticMarkup(<RemoveConfirmation {...props} />);
    expect(html).toContain('role="group" aria-label="Remove Frying Pan &lt;XL&gt;?"');
    expect(html).toContain('<p>Remove Frying Pan &lt;XL&gt; from your cart?</p>');
    expect(html).toContain('<button type="button" class="button button--primary">Remove it</button>');
    expect(html).toContain('<button type="button" class="button button--secondary">Keep it</button>');
  });

  it('says when it is removing, and waits', () => {
    const html = renderToStaticMarkup(<RemoveConfirmation {...props} list="your quotations" busy removing />);
    expect(html).toContain('<p>Remove Frying Pan &lt;XL&gt; from your quotations?</p>');
    expect(html).toContain('<button type="button" class="button button--primary" disabled="">Removing…</button>');
    expect(html).toContain('<button type="button" class="button button--secondary">Keep it</button>');
  });
});

describe('useConfirmGroup', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The hook as a row holds it, after one render. */
  function rendered() {
    let group: ReturnType<typeof useConfirmGroup<string>> | undefined;
    function Row() {
      group = useConfirmGroup<string>('row-quantity');
      return <p>{group.question ?? 'no question'}</p>;
    }
    expect(renderToStaticMarkup(<Row />)).toBe('<p>no question</p>');
    return group!;
  }

  it('asking moves focus to the question once it is shown', () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const group = rendered();
    const focus = vi.fn();
    (group.ref as { current: unknown }).current = { focus };
    group.ask('Remove it?');
    expect(focus).not.toHaveBeenCalled();
    frames.forEach((frame) => frame());
    expect(focus).toHaveBeenCalledOnce();
  });

  it('keeping gives focus back to the control the question came from; an answer does not move it', () => {
    const focus = vi.fn();
    const getElementById = vi.fn(() => ({ focus }));
    vi.stubGlobal('document', { getElementById });
    const group = rendered();
    group.dismiss();
    expect(focus).not.toHaveBeenCalled();
    group.keep();
    expect(getElementById).toHaveBeenCalledWith('row-quantity');
    expect(focus).toHaveBeenCalledOnce();
  });
});
