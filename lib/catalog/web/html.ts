// HTML of the catalog pages: one escape, one layout, one reply shape with the security headers.
import type { Reply } from '../../http/event';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values. */
export const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** JSON for a `<script type="application/json">` block: `<` escaped, so no `</script>` can close it early. */
export const jsonScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export const ASSET_PATHS = { js: '/catalog/assets/catalog.js', css: '/catalog/assets/catalog.css' };

/**
 * Scripts and styles only from the service itself. 'unsafe-eval' because the try-it form
 * validates with Ajv, which compiles each schema into a function, as it does on the server.
 */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · fnquery catalog</title>
<link rel="stylesheet" href="${ASSET_PATHS.css}">
<script defer src="${ASSET_PATHS.js}"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><a href="/catalog">fnquery catalog</a> <a href="/openapi.json">API (OpenAPI)</a></header>
<main id="main">
${main}
</main>
</body>
</html>
`;
}

export function htmlReply(status: number, html: string): Reply {
  return {
    status,
    body: Buffer.from(html, 'utf8'),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': PAGE_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    },
  };
}
