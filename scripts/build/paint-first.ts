import type { Plugin } from 'vite';

/**
 * index.html's first screen (the static login page or the boot message) paints before the app's
 * code loads: the entry script and its preloads move into a tiny inline script that adds them once
 * the document is parsed and a frame has painted (a background tab, which paints nothing, starts at
 * once). Without it the scripts compete with the page for the first bytes, and a fast network runs
 * the app before the first paint, so the page shows nothing until the app has rendered.
 */
export function paintFirst(): Plugin {
  return {
    name: 'paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const entry = entryTag.exec(html)?.[1];
        if (!entry) throw new Error('index.html has no entry script');
        const preloads = [...html.matchAll(preloadTag)].map((m) => m[1]);
        const start =
          `(function(){function a(t,p){var e=document.createElement(t);e.crossOrigin='';Object.assign(e,p);document.head.appendChild(e)}` +
          `function s(){${JSON.stringify(preloads)}.forEach(function(h){a('link',{rel:'modulepreload',href:h})});` +
          `a('script',{type:'module',src:'${entry}'})}` +
          `function f(){if(document.visibilityState==='hidden')s();else requestAnimationFrame(function(){setTimeout(s)})}` +
          `if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',f);else f()})()`;
        return html.replace(preloadTag, '').replace(entryTag, () => `<script>${start}</script>`);
      },
    },
  };
}
