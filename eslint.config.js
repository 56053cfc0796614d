import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';

/** the registered field types, as npm run schemas:meta writes them into the meta-schema */
const FIELD_TYPE_NAMES = JSON.parse(fs.readFileSync('schemas/_meta/entity.schema.json', 'utf8')).$defs.field
  .properties.type.enum;
const ACTION_KIND_NAMES = JSON.parse(fs.readFileSync('schemas/_meta/entity.schema.json', 'utf8')).$defs.action
  .properties.kind.enum;
const FIELD_TYPE_SWITCH = [
  {
    selector: `BinaryExpression[operator=/^[!=]==$/][left.property.name='type'][right.value=/^(${FIELD_TYPE_NAMES.join('|')})$/]`,
    message: '字段类型只在 src/core/fields 与 renderers/fields 的注册表里区分：把这一差别作为类型的属性登记',
  },
];
const ACTION_KIND_MESSAGE =
  '操作类型只在 src/core/actions 与 renderers/actions/registry.ts 的注册表里区分：把这一差别作为类型的属性登记';
const ACTION_KIND_SWITCH = [
  {
    selector: `BinaryExpression[operator=/^[!=]==$/][left.property.name='kind'][right.value=/^(${ACTION_KIND_NAMES.join('|')})$/]`,
    message: ACTION_KIND_MESSAGE,
  },
  {
    selector: `SwitchStatement[discriminant.property.name='kind'] > SwitchCase[test.value=/^(${ACTION_KIND_NAMES.join('|')})$/]`,
    message: ACTION_KIND_MESSAGE,
  },
];

/** the layers (README.md, Architecture); a file outside them (tests, scripts, config) is not checked */
const LAYERS = [
  { type: 'core', pattern: 'src/core' },
  { type: 'server', pattern: 'src/server' },
  { type: 'app', pattern: 'src/app' },
  { type: 'pages', pattern: 'src/pages' },
  { type: 'renderers', pattern: 'renderers' },
];

/** who may not import whom: data flows core → (server | renderers) → app / pages */
const forbidden = (from, to) => ({
  from: { element: { type: from } },
  disallow: { to: { element: { types: { anyOf: to } } } },
  message: `${from} 层不能引用 ${to.join('、')}（见 README.md 的 Architecture 一节）`,
});

/**
 * The console's own words come from the message catalogs (src/app/i18n/zh-CN.ts and its
 * translations; the phone area's in src/pages/phone/i18n): a Chinese literal in a folder already
 * moved there is refused. The folders listed below grow as the rest of the console moves.
 */
const HAN = /[\u3400-\u9fff]/;
const i18n = {
  rules: {
    'no-chinese-literal': {
      meta: {
        type: 'problem',
        messages: {
          literal:
            '界面文字放进词条：外壳的在 src/app/i18n（zh-CN.ts 与 en-US.ts），各界面区域的在其目录的 messages.ts 与 messages.en-US.ts（src/core/messages.ts），这里用 t(key) 取',
        },
      },
      create(context) {
        const check = (node, text) => {
          if (HAN.test(text)) context.report({ node, messageId: 'literal' });
        };
        return {
          Literal: (n) => typeof n.value === 'string' && check(n, n.value),
          TemplateElement: (n) => check(n, n.value.raw),
          JSXText: (n) => check(n, n.value),
        };
      },
    },
  },
};
const TRANSLATED = [
  'src/app/**',
  'src/pages/**',
  'renderers/list/**',
  'renderers/grant/**',
  'renderers/pickers/**',
  'renderers/grid/**',
  'renderers/advanced-query/**',
  'renderers/cron/**',
  'renderers/excel/**',
  'renderers/report/**',
  'renderers/actions/**',
  'renderers/fields/**',
  'renderers/form/**',
  'renderers/common/**',
  'renderers/slots/**',
  'renderers',
];
/**
 * where the zh-CN words are defined: the console's catalog, the phone area's (which keeps antd's locale
 * out of its bundle) and each screen area's messages.ts (src/core/messages.ts)
 */
const CATALOGS = ['src/app/i18n/zh-CN.ts', 'src/pages/phone/i18n/zh-CN.ts', 'renderers/**/messages.ts'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // responses are untyped JSON in tests; asserting on them is the point
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'renderers/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            forbidden('core', ['server', 'app', 'pages', 'renderers']),
            forbidden('server', ['app', 'pages', 'renderers']),
            forbidden('renderers', ['server', 'app', 'pages']),
          ],
        },
      ],
    },
  },
  // a field type or an action kind is registered, not switched on (README.md, Architecture): only its registries
  // name it (one rule name per file, so each registry's folder keeps the other's check)
  ...[
    {
      ignores: [
        'src/core/fields/**',
        'renderers/fields/**',
        'src/core/actions/**',
        'renderers/actions/registry.ts',
      ],
      refuse: [...FIELD_TYPE_SWITCH, ...ACTION_KIND_SWITCH],
    },
    { files: ['src/core/fields/**', 'renderers/fields/**'], refuse: ACTION_KIND_SWITCH },
    { files: ['src/core/actions/**', 'renderers/actions/registry.ts'], refuse: FIELD_TYPE_SWITCH },
  ].map(({ files, ignores, refuse }) => ({
    files: files ?? ['src/**/*.{ts,tsx}', 'renderers/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ...(ignores && { ignores }),
    rules: { 'no-restricted-syntax': ['error', ...refuse] },
  })),
  {
    // a registry is a leaf: it names the modules of its parts (import()) and imports no code, so the
    // screens that consume it (list, form, grid, pickers) never carry one another's parts
    files: ['renderers/fields/registry.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./types$|\\.\\./\\.\\./src/core/fields/registry$)',
              message:
                'renderers/fields/registry.ts 是叶子模块：只用 import() 指向各部件模块（./<类型>/<部件>），不静态引用任何代码（类型除外：./types 与 src/core/fields/registry）',
            },
          ],
        },
      ],
    },
  },
  {
    // the slot registry is a leaf too: names mapped to the modules that draw them
    files: ['renderers/slots/registry.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./types$|\\.\\./\\.\\./src/core/fields/slot$)',
              message:
                'renderers/slots/registry.ts 是叶子模块：只用 import() 指向各插槽模块，不静态引用任何代码（类型除外：./types 与 src/core/fields/slot）',
            },
          ],
        },
      ],
    },
  },
  {
    // core is isomorphic (README.md, Architecture): no Node APIs either
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path'] }] },
  },
  {
    files: ['src/**/*.tsx', 'renderers/**/*.{ts,tsx}', 'src/app/**/*.ts', 'src/pages/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: TRANSLATED.map((d) => `${d}/*.{ts,tsx}`),
    ignores: CATALOGS,
    plugins: { i18n },
    rules: { 'i18n/no-chinese-literal': 'error' },
  },
);
