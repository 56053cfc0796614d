import { Fragment, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { theme } from 'antd';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

/**
 * The two sign-in methods as an accessible tab list (arrow keys move between tabs). A few lines
 * instead of antd's Tabs, whose menu and dropdown code would double the sign-in screen's script.
 */
export default function LoginTabs<K extends string>({
  items,
  active,
  onChange,
}: {
  items: LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
}) {
  const { token } = theme.useToken();
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (i + step + items.length) % items.length;
    onChange(items[next].key);
    refs.current[next]?.focus();
  };
  const current = items.find((t) => t.key === active) ?? items[0];
  return (
    <>
      <div
        role="tablist"
        style={{
          display: 'flex',
          justifyContent: 'center',
          gap: 32,
          marginBottom: 24,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {items.map((t, i) => {
          const selected = t.key === current.key;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${t.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.key)}
              onKeyDown={(e) => onKeyDown(e, i)}
              style={{
                padding: '12px 0',
                marginBottom: -1,
                border: 0,
                borderBottom: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
                background: 'transparent',
                // the theme colour's readable shade (colorLink): the bright default reads 2.9:1 on white
                color: selected ? token.colorLink : token.colorText,
                fontSize: token.fontSizeLG,
                cursor: 'pointer',
              }}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.key}`}>
        {/*
          keyed by tab: two forms at the same spot would otherwise be one mounted antd Form that keeps
          the first tab's store, so the second tab's fields registered where its own form never looked
        */}
        <Fragment key={current.key}>{current.children}</Fragment>
      </div>
    </>
  );
}
