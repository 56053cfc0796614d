import { afterEach, describe, expect, it } from 'vitest';
import { modelProblem } from '../../src/core/cron/check';
import { defaultModel, weekdayLabel } from '../../src/core/cron/model';
import { CronError, parseCron } from '../../src/core/cron/parse';
import cronEnglish from '../../src/core/cron/messages.en-US';
import { importJobStateText } from '../../src/core/import-jobs/model';
import importJobsEnglish from '../../src/core/import-jobs/messages.en-US';
import { chooseWords } from '../../src/core/messages';
import { ruleLabel } from '../../src/core/query/advanced';
import queryEnglish from '../../src/core/query/messages.en-US';
import type { FieldDoc } from '../../src/core/document/types';
import validationEnglish from '../../src/core/validation/messages.en-US';
import { passwordStrengthMessage } from '../../src/core/validation/password';
import { validateField } from '../../src/core/validation/validate';

const field = (f: Partial<FieldDoc>): FieldDoc => ({ key: 'name', title: '名称', type: 'input', ...f });
const required = field({ validateRules: [{ pattern: '*' }] });
const mobile = field({ validateRules: [{ pattern: 'm' }] });

/** what `fn` throws, as a message */
function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(CronError);
    return (e as Error).message;
  }
  throw new Error('did not throw');
}

// the areas as the app loads them in English (src/app/i18n/i18n.ts areaOfFile)
const english = () =>
  chooseWords('en-US', {
    'src/core/validation': validationEnglish,
    'src/core/cron': cronEnglish,
    'src/core/query': queryEnglish,
    'src/core/import-jobs': importJobsEnglish,
  });

afterEach(() => chooseWords('zh-CN', {}));

describe("src/core's words (validation, cron, the advanced query, import jobs)", () => {
  it('are the same Chinese as before while no language is chosen (as on the server)', () => {
    expect(validateField(required, '')).toBe('请输入名称!');
    expect(validateField(mobile, '123')).toBe('请输入正确的手机号码');
    expect(passwordStrengthMessage()).toBe('密码至少8位，且须同时包含字母和数字');
    expect(thrown(() => parseCron('* *'))).toBe('Cron表达式须为6或7个字段：秒 分 时 日 月 周 [年]');
    expect(thrown(() => parseCron('x * * * * ?'))).toBe('秒字段“x”无法识别');
    expect(modelProblem({ ...defaultModel(), minute: { mode: 'interval', start: 0, step: 0 } })).toBe(
      '分的间隔须为1-60的整数',
    );
    expect(weekdayLabel(1)).toBe('周日');
    expect(ruleLabel('right_like')).toBe('以..开始');
    expect(importJobStateText('interrupted')).toBe('已中断');
  });

  it('speak English once it is chosen, and Chinese again after zh-CN', () => {
    english();
    expect(validateField(required, '')).toBe('Please enter 名称!');
    expect(validateField(mobile, '123')).toBe('Enter a valid mobile number');
    expect(passwordStrengthMessage()).toBe(
      'A password needs at least 8 characters, with both letters and digits',
    );
    expect(thrown(() => parseCron('x * * * * ?'))).toBe('The second field "x" cannot be read');
    expect(modelProblem({ ...defaultModel(), minute: { mode: 'interval', start: 0, step: 0 } })).toBe(
      'the minute interval must be a whole number from 1 to 60',
    );
    expect(weekdayLabel(1)).toBe('Sun');
    expect(ruleLabel('right_like')).toBe('Starts with');
    expect(importJobStateText('interrupted')).toBe('Interrupted');
    chooseWords('zh-CN', {});
    expect(validateField(required, '')).toBe('请输入名称!');
  });
});
