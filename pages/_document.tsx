import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Html, Head, Main, NextScript } from 'next/document';
import { renderToString } from 'react-dom/server';
import { installMarkupCache } from '@/lib/ui/markup-cache';
import { LOADER, SCRIPT_LIST_ID, scriptListJson } from '@/lib/ui/scripts-after-paint.mjs';
import { sentVersionOf, shellScriptSrc } from '@/lib/contracts/shell-wire';
import { SESSION_MARK } from '@/lib/ui/session-mark.mjs';

type DocumentFiles = Parameters<Head['getScripts']>[0];

// The document is rendered on the server only, with every page: it gives lib/ui/kept-markup.ts
// React's string renderer to keep repeated markup with.
installMarkupCache(renderToString);

/**
 * The page's JavaScript starts downloading once its largest picture has painted, instead of
 * competing with that picture for a phone's bandwidth (ARCHITECTURE.md, "Largest paint first").
 * Next's `<script defer>` tags for the page's chunks become one inline loader
 * (lib/ui/scripts-after-paint.mjs) that adds the same scripts, in the same order, after the
 * high-priority pictures have loaded and a frame has painted; the list is a JSON data block
 * before it. Turbopack's inline bootstrap (no `src`) stays where Next puts it: it only queues
 * the chunk list for the runtime. A page whose props send the shell as its version gets the shell
 * script first in that list (lib/contracts/shell-wire.ts), so the shell is there when the app starts.
 */
class ShopHead extends Head {
  private dynamicChunks: ReactNode[] = [];

  getDynamicChunks(files: DocumentFiles) {
    // Next renders these just before getScripts(): kept for the same loader, in the same order.
    this.dynamicChunks = Children.toArray(super.getDynamicChunks(files));
    return [];
  }

  getScripts(files: DocumentFiles) {
    const inline: ReactElement[] = [];
    const sources: string[] = [];
    for (const child of [...this.dynamicChunks, ...Children.toArray(super.getScripts(files))]) {
      if (!isValidElement<{ src?: string }>(child)) continue;
      if (typeof child.props.src === 'string') sources.push(child.props.src);
      else inline.push(child);
    }
    if (sources.length === 0) return inline;
    const shellVersion = sentVersionOf(this.context.__NEXT_DATA__.props?.pageProps?.shell);
    if (shellVersion) sources.unshift(shellScriptSrc(shellVersion));
    return [
      ...inline,
      <script key="script-list" id={SCRIPT_LIST_ID} type="application/json" dangerouslySetInnerHTML={{ __html: scriptListJson(sources) }} />,
      <script key="script-loader" dangerouslySetInnerHTML={{ __html: LOADER }} />,
    ];
  }
}

export default function Document() {
  return (
    <Html lang="en-NG">
      <ShopHead>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#7a1f3d" />
        {/* Marks <html> for a signed-in shopper before the first paint (lib/ui/session-mark.mjs). */}
        <script dangerouslySetInnerHTML={{ __html: SESSION_MARK }} />
      </ShopHead>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
