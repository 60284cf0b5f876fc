import { describe, expect, it } from 'vitest';
import {
  comboboxReducer,
  escapeClearsText,
  initialComboboxState,
  keyAction,
  suggestionTerm,
  type ComboboxAction,
  type ComboboxState,
} from './combobox';

const run = (actions: ComboboxAction[], from: ComboboxState = initialComboboxState) => actions.reduce(comboboxReducer, from);
const withResults = run([
  { type: 'input', empty: false },
  { type: 'results', count: 3 },
]);

describe('comboboxReducer', () => {
  it('opens with no active option when suggestions arrive', () => {
    expect(withResults).toEqual({ open: true, active: -1, count: 3 });
  });

  it('stays closed when there are no suggestions', () => {
    expect(run([{ type: 'results', count: 0 }])).toEqual({ open: false, active: -1, count: 0 });
    expect(run([{ type: 'down' }])).toEqual(initialComboboxState);
  });

  it('moves down through the options and wraps to the first', () => {
    expect(run([{ type: 'down' }], withResults).active).toBe(0);
    expect(run([{ type: 'down' }, { type: 'down' }, { type: 'down' }], withResults).active).toBe(2);
    expect(run([{ type: 'down' }, { type: 'down' }, { type: 'down' }, { type: 'down' }], withResults).active).toBe(0);
  });

  it('moves up and wraps to the last', () => {
    expect(run([{ type: 'up' }], withResults).active).toBe(2);
    expect(run([{ type: 'down' }, { type: 'down' }, { type: 'up' }], withResults).active).toBe(0);
  });

  it('opens a closed listbox with Down (first option) or Alt+Down (none)', () => {
    const closed = run([{ type: 'escape' }], withResults);
    expect(closed.open).toBe(false);
    expect(run([{ type: 'down' }], closed)).toEqual({ open: true, active: 0, count: 3 });
    expect(run([{ type: 'down', alt: true }], closed)).toEqual({ open: true, active: -1, count: 3 });
    expect(run([{ type: 'up' }], closed)).toEqual({ open: true, active: 2, count: 3 });
  });

  it('Escape closes the listbox first, and only then clears the text', () => {
    const active = run([{ type: 'down' }], withResults);
    expect(escapeClearsText(active)).toBe(false);
    const closed = comboboxReducer(active, { type: 'escape' });
    expect(closed).toEqual({ open: false, active: -1, count: 3 });
    expect(escapeClearsText(closed)).toBe(true);
  });

  it('new typing forgets the active option; clearing the text closes', () => {
    const active = run([{ type: 'down' }], withResults);
    expect(comboboxReducer(active, { type: 'input', empty: false })).toEqual({ open: true, active: -1, count: 3 });
    expect(comboboxReducer(active, { type: 'input', empty: true })).toEqual(initialComboboxState);
  });

  it('follows the pointer within range and closes on blur', () => {
    expect(comboboxReducer(withResults, { type: 'hover', index: 1 }).active).toBe(1);
    expect(comboboxReducer(withResults, { type: 'hover', index: 7 }).active).toBe(-1);
    expect(comboboxReducer(withResults, { type: 'close' })).toEqual({ open: false, active: -1, count: 3 });
    expect(comboboxReducer(initialComboboxState, { type: 'close' })).toBe(initialComboboxState);
  });

  it('jumps to the first or last option', () => {
    expect(comboboxReducer(withResults, { type: 'end' }).active).toBe(2);
    expect(comboboxReducer(withResults, { type: 'home' }).active).toBe(0);
  });
});

describe('keyAction', () => {
  it('maps the arrow keys and Escape, leaving other keys to the text box', () => {
    expect(keyAction('ArrowDown')).toEqual({ type: 'down', alt: false });
    expect(keyAction('ArrowDown', true)).toEqual({ type: 'down', alt: true });
    expect(keyAction('ArrowUp')).toEqual({ type: 'up' });
    expect(keyAction('Escape')).toEqual({ type: 'escape' });
    expect(keyAction('Enter')).toBeNull();
    expect(keyAction('Home')).toBeNull();
    expect(keyAction('a')).toBeNull();
  });
});

describe('suggestionTerm', () => {
  it('asks only for two characters or more, tidied', () => {
    expect(suggestionTerm(' l ')).toBeNull();
    expect(suggestionTerm('  lap  top ')).toBe('lap top');
  });
});
