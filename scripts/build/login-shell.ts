import { createServer, type IndexHtmlTransformContext, type Plugin, type Rolldown } from 'vite';
import type { LoginShell } from '../../src/app/shell/render-login-shell';

type OutputChunk = Rolldown.OutputChunk;

/** a chunk and every chunk it imports statically, in load order */
function chunkClosure(bundle: IndexHtmlTransformContext['bundle'], fileName: string): OutputChunk[] {
  const out: OutputChunk[] = [];
  const visit = (name: string) => {
    const chunk = bundle?.[name];
    if (chunk?.type !== 'chunk' || out.includes(chunk)) return;
    out.push(chunk);
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return out;
}

/** index.html's places for the static login page: its styles in the head, its markup beside the boot message */
const SHELL_HEAD = '<!--login-shell-head-->';
const SHELL_BODY = '<!--login-shell-->';
const LOGIN_PAGE = 'src/pages/user/Login.tsx';

/**
 * Writes the static login page into index.html (src/app/shell/login-shell.ts says why): renders the
 * app's own login page on Node through a Vite SSR server, with an empty local storage (a first visit).
 */
export function loginShell(): Plugin {
  return {
    name: 'login-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        // the public face's page (phone.html) has no login page in it
        if (!ctx.path.endsWith('/index.html')) return html;
        if (!html.includes(SHELL_HEAD) || !html.includes(SHELL_BODY))
          throw new Error(`index.html lacks ${SHELL_HEAD} or ${SHELL_BODY}`);
        const login = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(LOGIN_PAGE),
        );
        if (!login) throw new Error(`no chunk for ${LOGIN_PAGE}`);
        const chunks = chunkClosure(ctx.bundle, login.fileName);
        const css = [...new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))]
          .map((file) => ctx.bundle![file])
          .map((asset) => (asset?.type === 'asset' ? String(asset.source) : ''))
          .join('');
        const shell = await renderShell();
        const head =
          `${shell.antdStyles}<style>${css}${shell.toggle.css}</style>` +
          `<script>${shell.toggle.script}</script>`;
        return html.replace(SHELL_HEAD, () => head).replace(SHELL_BODY, () => shell.markup);
      },
    },
  };
}

async function renderShell(): Promise<LoginShell> {
  // the stores read local storage when their modules load
  const items = new Map<string, string>();
  const g = globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> };
  g.localStorage = {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
  const server = await createServer({
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const mod = await server.ssrLoadModule('/src/app/shell/render-login-shell.tsx');
    return await (mod as typeof import('../../src/app/shell/render-login-shell')).renderLoginShell();
  } finally {
    await server.close();
    delete g.localStorage;
  }
}
