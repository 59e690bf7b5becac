import { describe, expect, it } from 'vitest';
import { withFirstScreens, type FirstScreen } from './first-screen.ts';

const index = `<!doctype html>
<html lang="da">
  <head>
    <title>Nordlys</title>
  </head>
  <body>
    <div id="root">
      <div class="boot-shell" aria-hidden="true">
        <svg viewBox="0 0 40 40"><circle cx="20" cy="20" r="16" /></svg>
      </div>
    </div>
  </body>
</html>`;

const screen = (locale: 'da' | 'en', mode: 'light' | 'dark', colour: string): FirstScreen => ({
  locale,
  mode,
  screen: {
    html: `<main class="a"><h1>${locale}</h1></main>`,
    css: `body{background:${colour};}/*!sc*/\n.a{display:grid;}/*!sc*/\ndata-styled.g1[id="a"]{content:"a,"}/*!sc*/\n`,
  },
});

describe('login.html: index.html with the sign-in page’s first screens', () => {
  const screens = [
    screen('da', 'light', '#fff'),
    screen('da', 'dark', '#000'),
    screen('en', 'light', '#fff'),
    screen('en', 'dark', '#000'),
  ];
  const html = withFirstScreens(index, screens);

  it('puts each screen in #root after the loading indicator, inert, named by language and mode', () => {
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root.indexOf('boot-shell')).toBeLessThan(root.indexOf('first-screen'));
    for (const { locale, mode } of screens)
      expect(html).toContain(
        `<div class="first-screen" lang="${locale}" data-mode="${mode}" inert><main class="a"><h1>${locale}</h1></main></div>`,
      );
  });

  it('keeps each mode’s rules to that mode, once each, without styled-components’ bookkeeping', () => {
    const style = /<style id="first-screen">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toContain('@media not (prefers-color-scheme: dark){\nbody{background:#fff;}');
    expect(style).toContain('@media (prefers-color-scheme: dark){\nbody{background:#000;}');
    // Both languages make the same rules: each is there once a mode.
    expect(style.match(/\.a\{display:grid;\}/g)).toHaveLength(2);
    expect(style).not.toContain('data-styled');
    // The style is in the head, where the console finds and removes it.
    expect(html.indexOf('<style id="first-screen">')).toBeLessThan(html.indexOf('</head>'));
  });

  it('shows a screen only for the language boot.js names, hiding the indicator then', () => {
    expect(html).toContain('.first-screen{display:none}');
    expect(html).toContain(
      "html[data-first-screen='da'] #root>.boot-shell,html[data-first-screen='en'] #root>.boot-shell{display:none}",
    );
    expect(html).toContain(
      `html[data-first-screen='en'] .first-screen[lang='en'][data-mode='dark']{display:contents}`,
    );
  });

  it('fails the build when index.html has no loading indicator to put them after', () => {
    expect(() =>
      withFirstScreens(
        index.replace(/<div class="boot-shell"[\s\S]*?<\/svg>\s*<\/div>/, ''),
        screens,
      ),
    ).toThrow(/no loading indicator/);
  });
});
