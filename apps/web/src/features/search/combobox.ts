/**
 * Keyboard and popup state of the header's search combobox, as a pure reducer (WAI-ARIA APG
 * "Combobox with listbox popup", list autocomplete without automatic selection):
 *
 * - Typing opens the listbox once suggestions arrive; no option is active until the user moves.
 * - Down Arrow opens a closed listbox, else moves to the next option (wrapping to the first);
 *   Alt+Down Arrow only opens it. Up Arrow moves to the previous option (wrapping to the last).
 * - Enter follows the active option; with none active the form is submitted (the caller decides).
 * - Escape closes an open listbox; pressed again on a closed one it clears the text box.
 * - Leaving the field (blur) closes the listbox.
 *
 * DOM focus stays in the text box; the active option is exposed with aria-activedescendant.
 */

export interface ComboboxState {
  open: boolean;
  /** Index of the active option, -1 for none. */
  active: number;
  /** Number of options available. */
  count: number;
}

export const initialComboboxState: ComboboxState = { open: false, active: -1, count: 0 };

export type ComboboxAction =
  | { type: 'input'; empty: boolean }
  | { type: 'results'; count: number }
  | { type: 'down'; alt?: boolean }
  | { type: 'up' }
  | { type: 'home' }
  | { type: 'end' }
  | { type: 'hover'; index: number }
  | { type: 'escape' }
  | { type: 'close' };

/** What a key press means for the listbox, or null when the text box should handle it itself. */
export function keyAction(key: string, alt = false): ComboboxAction | null {
  switch (key) {
    case 'ArrowDown':
    case 'Down':
      return { type: 'down', alt };
    case 'ArrowUp':
    case 'Up':
      return { type: 'up' };
    case 'Escape':
    case 'Esc':
      return { type: 'escape' };
    default:
      return null;
  }
}

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'input':
      // New text: the old suggestions are stale, nothing is active; empty text closes the popup.
      return action.empty ? { open: false, active: -1, count: 0 } : { ...state, active: -1 };
    case 'results':
      return { open: action.count > 0, active: -1, count: action.count };
    case 'down':
      if (state.count === 0) return state;
      if (!state.open) return { ...state, open: true, active: action.alt ? -1 : 0 };
      if (action.alt) return state;
      return { ...state, active: state.active + 1 >= state.count ? 0 : state.active + 1 };
    case 'up':
      if (state.count === 0) return state;
      if (!state.open) return { ...state, open: true, active: state.count - 1 };
      return { ...state, active: state.active <= 0 ? state.count - 1 : state.active - 1 };
    case 'home':
      return state.open && state.count > 0 ? { ...state, active: 0 } : state;
    case 'end':
      return state.open && state.count > 0 ? { ...state, active: state.count - 1 } : state;
    case 'hover':
      return state.open && action.index >= 0 && action.index < state.count ? { ...state, active: action.index } : state;
    case 'escape':
      return { ...state, open: false, active: -1 };
    case 'close':
      return state.open || state.active !== -1 ? { ...state, open: false, active: -1 } : state;
    default:
      return state;
  }
}

/** Whether Escape should also clear the text (the listbox was already closed). */
export function escapeClearsText(state: ComboboxState): boolean {
  return !state.open;
}

/** The words worth asking suggestions for: trimmed, at least `min` characters. */
export function suggestionTerm(text: string, min = 2): string | null {
  const term = text.replace(/\s+/g, ' ').trim();
  return term.length >= min ? term.slice(0, 200) : null;
}
