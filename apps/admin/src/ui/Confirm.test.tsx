// @vitest-environment happy-dom
/**
 * The question asked before a change that cannot be taken back (issue 30), in a DOM: it takes the
 * place of the button that asked and takes focus; nothing is sent until its own button is pressed;
 * Escape or the second button closes it and gives focus back to the button that asked.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Confirm, useConfirm } from './Confirm';

function Asker({ send }: { send: (value: string) => void }) {
  const confirm = useConfirm<string>('ask');
  const asked = confirm.asked;
  return asked ? (
    <Confirm
      question="Cancel KD-261201-7Q4M9X and refund SGD 69.12 to the card?"
      detail="The shopper is e-mailed."
      confirmLabel="Cancel and refund SGD 69.12"
      busyLabel="Cancelling…"
      keepLabel="Keep the order"
      busy={false}
      onConfirm={() => send(asked.value)}
      onKeep={confirm.keep}
    />
  ) : (
    <button type="button" id="ask" onClick={() => confirm.ask('the reason')}>
      Cancel order
    </button>
  );
}

describe('Confirm', () => {
  it('asks with the order and the amount, takes focus, and sends only once confirmed', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<Asker send={send} />);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const question = screen.getByRole('alertdialog', { name: 'Cancel KD-261201-7Q4M9X and refund SGD 69.12 to the card?' });
    expect(question.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(question.getAttribute('aria-describedby')!)!.textContent).toBe('The shopper is e-mailed.');
    expect(document.activeElement).toBe(question);
    expect(send).not.toHaveBeenCalled();
    // Keyboard: Tab reaches the button that acts first.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel and refund SGD 69.12' }));
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenCalledExactlyOnceWith('the reason');
  });

  it('Escape keeps things as they were and gives focus back to the button that asked', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<Asker send={send} />);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel order' })));
    expect(send).not.toHaveBeenCalled();
  });

  it('the second button does the same', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<Asker send={send} />);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel order' })));
    expect(send).not.toHaveBeenCalled();
  });

  it('while the change is on its way, says so and sends nothing more', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <Confirm
        question="Refund?"
        confirmLabel="Refund SGD 5.00"
        busyLabel="Refunding…"
        keepLabel="Don't refund"
        busy
        onConfirm={onConfirm}
        onKeep={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Refunding…' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
