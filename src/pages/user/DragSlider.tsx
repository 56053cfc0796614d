import {
  useEffect,
  useEffectEvent,
  useReducer,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { theme } from 'antd';
import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { initialSliderState, sliderPercent, sliderReducer } from './drag-slider-model';
import { t } from '../../app/i18n/i18n';
import './DragSlider.css';

export interface DragSliderProps {
  /** form-control protocol: true once passed; setting it back to false resets the slider */
  value?: boolean;
  onChange?: (passed: boolean) => void;
  /** the spec's success event */
  onSuccess?: () => void;
  text?: string;
  successText?: string;
  /** given by Form.Item so a label can point at the handle */
  id?: string;
}

const HANDLE_WIDTH = 44;

/**
 * The drag-slider human check: drag the handle to the end to pass (验证通过).
 * Released early it glides back; after passing it is locked. Keyboard: ArrowRight or End passes.
 */
export default function DragSlider({
  value,
  onChange,
  onSuccess,
  text = t('user.sliderHint'),
  successText = t('user.sliderPassed'),
  id,
}: DragSliderProps) {
  const { token } = theme.useToken();
  const [state, dispatch] = useReducer(sliderReducer, initialSliderState);
  const trackRef = useRef<HTMLDivElement>(null);
  const passed = state.status === 'success';

  // report the pass once, when it happens: only the transition matters, not new callback identities
  const reportPass = useEffectEvent(() => {
    onChange?.(true);
    onSuccess?.();
  });
  useEffect(() => {
    if (passed) reportPass();
  }, [passed]);

  // an owner that sets the value back to false (failed login) asks for a fresh check
  const prevValue = useRef(value);
  useEffect(() => {
    if (prevValue.current === true && !value) dispatch({ type: 'reset' });
    prevValue.current = value;
  }, [value]);

  const travel = () => (trackRef.current?.clientWidth ?? 0) - HANDLE_WIDTH;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (state.status !== 'idle' || e.button !== 0) return;
    e.preventDefault();
    // capture keeps the moves coming when the pointer leaves the handle or the track
    e.currentTarget.setPointerCapture?.(e.pointerId);
    dispatch({ type: 'start', x: e.clientX, max: travel() });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => dispatch({ type: 'move', x: e.clientX });
  const onRelease = () => dispatch({ type: 'release' });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'End') return;
    e.preventDefault();
    dispatch({ type: 'complete' });
  };

  const left = passed ? `calc(100% - ${HANDLE_WIDTH}px)` : `${state.offset}px`;
  const fillWidth = passed ? '100%' : `${state.offset + HANDLE_WIDTH / 2}px`;
  const trackStyle = {
    background: token.colorFillTertiary,
    border: `1px solid ${passed ? token.colorSuccess : token.colorBorder}`,
    '--drag-slider-focus': token.colorPrimaryBorder,
  } as CSSProperties;

  return (
    <div ref={trackRef} className="drag-slider" data-status={state.status} style={trackStyle}>
      <div
        className="drag-slider-fill"
        style={{ width: fillWidth, background: passed ? token.colorSuccess : token.colorPrimaryBg }}
      />
      <div
        className="drag-slider-text"
        style={{ color: passed ? token.colorWhite : token.colorTextSecondary }}
        aria-live="polite"
      >
        {passed ? successText : text}
      </div>
      <div
        id={id}
        role="slider"
        tabIndex={0}
        aria-label={t('user.sliderLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={sliderPercent(state)}
        aria-valuetext={passed ? successText : text}
        aria-disabled={passed || undefined}
        className="drag-slider-handle"
        style={{
          left,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowTertiary,
          color: passed ? token.colorSuccess : token.colorTextSecondary,
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onRelease}
        onPointerCancel={onRelease}
        onKeyDown={onKeyDown}
      >
        {passed ? <CheckCircleFilled /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
