import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
import type { FieldDoc } from '../../src/core/document/types';
import type { DictOption } from '../common/dict';
import { reportThrown } from '../common/failure';
import { joinValue, splitValue } from '../common/multi-value';
import { optionTexts, searchOptions } from './dict-search';
import { t } from './messages';

/** how long typing must pause before the dictionary is asked (debounced 300 ms) */
const DEBOUNCE_MS = 300;

export interface DictSearchSelectProps {
  id?: string;
  field: FieldDoc;
  value: unknown;
  multiple?: boolean;
  /** tags shown before '+N' (a grid cell has room for one) */
  maxTagCount?: number;
  /** names of stored values already known (a record's `<key>_dictText`) */
  known?: ReadonlyMap<string, string>;
  placeholder?: string;
  disabled?: boolean;
  onChange: (value: string | undefined) => void;
}

/**
 * sel_search: a select whose options are searched as the user types, after a pause,
 * the newest answer winning. Before any words it asks for them (请输入搜索内容); a search that
 * finds nothing says 没有查询到任何数据.
 */
export function DictSearchSelect({
  id,
  field,
  value,
  multiple,
  maxTagCount,
  known,
  placeholder,
  disabled,
  onChange,
}: DictSearchSelectProps) {
  const values = splitValue(value);
  const [found, setFound] = useState<DictOption[]>([]);
  const [words, setWords] = useState('');
  const [searching, setSearching] = useState(false);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(0);

  useEffect(() => {
    const words_ = words.trim();
    if (!words_) {
      asked.current++;
      setFound([]);
      setSearching(false);
      return;
    }
    const ticket = ++asked.current;
    setSearching(true);
    const timer = setTimeout(() => {
      searchOptions(field, words_)
        .then((opts) => ticket === asked.current && setFound(opts))
        .catch(reportThrown)
        .finally(() => ticket === asked.current && setSearching(false));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [field, words]);

  // the names of stored values neither the record nor a search has named yet
  const missing = values.filter((v) => !known?.has(v) && !names.has(v)).join(',');
  useEffect(() => {
    if (!missing) return;
    let live = true;
    optionTexts(field, missing.split(','))
      .then((m) => live && setNames((n) => new Map([...n, ...m])))
      .catch(reportThrown);
    return () => {
      live = false;
    };
  }, [field, missing]);

  const options = useMemo(() => {
    const label = (v: string) => names.get(v) ?? known?.get(v) ?? v;
    const shown = new Map(values.map((v) => [v, label(v)]));
    for (const o of found) shown.set(o.value, o.text);
    return [...shown].map(([v, text]) => ({ value: v, label: text }));
  }, [values, names, known, found]);

  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount={maxTagCount}
      value={multiple ? values : values[0]}
      options={options}
      placeholder={placeholder ?? t('enterWords')}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setWords, searchValue: words }}
      loading={searching}
      notFoundContent={words.trim() ? (searching ? t('searching') : t('nothingFound')) : t('enterWords')}
      style={{ width: '100%' }}
      onChange={(v: string | string[] | undefined) => {
        const chosen = Array.isArray(v) ? v : v ? [v] : [];
        setNames(
          (n) =>
            new Map([
              ...n,
              ...found
                .filter((o) => chosen.includes(o.value))
                .map((o): [string, string] => [o.value, o.text]),
            ]),
        );
        setWords('');
        onChange(joinValue(chosen));
      }}
    />
  );
}
