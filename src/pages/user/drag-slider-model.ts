/**
 * The drag-slider human check as a pure state machine:
 * idle → dragging → success (handle at the end); released early it goes back to idle at the start;
 * once successful nothing moves it again until an explicit reset.
 */
export type SliderStatus = 'idle' | 'dragging' | 'success';

export interface SliderState {
  status: SliderStatus;
  /** handle offset from the start, in px */
  offset: number;
  /** the travel of the handle (track width minus handle width), in px */
  max: number;
  /** pointer x where the drag began */
  startX: number;
}

export type SliderAction =
  | { type: 'start'; x: number; max: number }
  | { type: 'move'; x: number }
  | { type: 'release' }
  /** keyboard: ArrowRight / End finishes the check at once */
  | { type: 'complete' }
  /** external reset (a failed login asks for a fresh check) */
  | { type: 'reset' };

export const initialSliderState: SliderState = { status: 'idle', offset: 0, max: 0, startX: 0 };

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  switch (action.type) {
    case 'start':
      if (state.status !== 'idle' || action.max <= 0) return state;
      return { status: 'dragging', offset: 0, max: action.max, startX: action.x };
    case 'move': {
      if (state.status !== 'dragging') return state;
      const offset = clamp(action.x - state.startX, 0, state.max);
      // reaching the end is the pass: no need to wait for the release
      if (offset >= state.max) return { ...state, status: 'success', offset: state.max };
      return { ...state, offset };
    }
    case 'release':
      if (state.status !== 'dragging') return state;
      return { ...initialSliderState, max: state.max };
    case 'complete':
      if (state.status === 'success') return state;
      return { ...state, status: 'success', offset: state.max };
    case 'reset':
      return { ...initialSliderState, max: state.max };
    default:
      return state;
  }
}

/** the handle position as a percentage, for aria-valuenow and layout */
export function sliderPercent(state: SliderState): number {
  if (state.status === 'success') return 100;
  return state.max > 0 ? Math.round((state.offset / state.max) * 100) : 0;
}
