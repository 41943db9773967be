/**
 * Draws the shop's generated product pictures as SVG: bouquets, box and vase arrangements,
 * baskets, gift boxes, cakes, bottles, teddy bears, plants, balloons and candles.
 *
 * Everything is deterministic: the same `ImageArt` always gives the same SVG, and the `seed`
 * decides counts, placement, paper and ribbon colours. A few kinds have several styles, chosen by
 * `seed % n` (see `ART_STYLES`), so that the catalogue can ask for, say, a champagne bottle or a
 * cactus by picking a matching seed with `styledSeed()`.
 *
 * The output only uses features that librsvg (sharp) renders: paths, basic shapes, `<use>`,
 * linear and radial gradients, transforms and opacity. No text, no CSS, no foreignObject.
 *
 * @example
 * const svg = renderArtSvg({ kind: 'bouquet', palette: ['#c8102e'], background: '#fbeef0', seed: 7, flower: 'rose' }, 600, 600);
 * const webp = await sharp(Buffer.from(svg)).webp().toBuffer();
 */
import type { ImageArt } from '@/lib/server/db/schema';

/** Styles a kind can be drawn in; the style is `seed % styles.length`. */
export const ART_STYLES = {
  box: ['round', 'square'],
  vase: ['glass', 'ceramic'],
  bottle: ['wine', 'champagne', 'perfume'],
  gift: ['wrapped', 'chocolates', 'stack'],
  cake: ['layer', 'tiered', 'cupcakes'],
  plant: ['peace-lily', 'snake-plant', 'cactus', 'round-leaf'],
  candle: ['jar', 'pillar'],
  /** Flower baskets only; a basket with no `flower` is a gift hamper. */
  basket: ['basket', 'wreath'],
} as const;

type StyledKind = keyof typeof ART_STYLES;

/**
 * A seed derived from `base` that draws `kind` in the given style.
 *
 * @example styledSeed(1234, 'bottle', 'champagne') % 3 === 1
 */
export function styledSeed<K extends StyledKind>(base: number, kind: K, style: (typeof ART_STYLES)[K][number]): number {
  const styles: readonly string[] = ART_STYLES[kind];
  const n = styles.length;
  const index = Math.max(0, styles.indexOf(style));
  const b = Math.abs(Math.trunc(base));
  return b - (b % n) + index;
}

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* ----------------------------------------------------------------------------------------------
 * Colours
 * -------------------------------------------------------------------------------------------- */

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function safeColour(c: string | undefined, fallback: string): string {
  return c !== undefined && HEX.test(c) ? c.toLowerCase() : fallback;
}

function toRgb(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3) h = h.replace(/./g, (x) => x + x);
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = toRgb(a);
  const [r2, g2, b2] = toRgb(b);
  const m = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${m(r1, r2)}${m(g1, g2)}${m(b1, b2)}`;
}

const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
const darken = (c: string, t: number) => mix(c, '#000000', t);

function luminance(c: string): number {
  const [r, g, b] = toRgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/* ----------------------------------------------------------------------------------------------
 * Drawing context
 * -------------------------------------------------------------------------------------------- */

type Ctx = {
  rng: Rng;
  palette: string[];
  background: string;
  flower: NonNullable<ImageArt['flower']>;
  /** The raw seed, for choosing a style (`seed % n`). */
  rngSeed: number;
  /** False when the art names no flower (hampers, plain gifts). */
  hasFlower: boolean;
  defs: Map<string, string>;
};

const n1 = (v: number) => String(Math.round(v * 10) / 10);

function between(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}

function intBetween(rng: Rng, lo: number, hi: number): number {
  return Math.floor(between(rng, lo, hi + 1));
}

function choose<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)] ?? items[0];
  if (item === undefined) throw new Error('choose() needs at least one item');
  return item;
}

function colour(ctx: Ctx, i: number): string {
  return ctx.palette[((i % ctx.palette.length) + ctx.palette.length) % ctx.palette.length] ?? '#c2185b';
}

function def(ctx: Ctx, id: string, body: string): string {
  if (!ctx.defs.has(id)) ctx.defs.set(id, body);
  return id;
}

function placeSymbol(id: string, x: number, y: number, scale: number, rotate: number, fill: string, extra = ''): string {
  return `<use href="#${id}" transform="translate(${n1(x)} ${n1(y)}) rotate(${Math.round(rotate)}) scale(${Math.round(scale * 100) / 100})" fill="${fill}"${extra}/>`;
}

function linear(ctx: Ctx, id: string, stops: Array<[number, string, number?]>, vertical = false): string {
  const s = stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('');
  return def(
    ctx,
    id,
    `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s}</linearGradient>`,
  );
}

/* ----------------------------------------------------------------------------------------------
 * Flower heads (drawn at radius 30 around the origin, petal colour inherited from `fill`)
 * -------------------------------------------------------------------------------------------- */

type HeadStyle = 'rose' | 'chrysanthemum' | 'lily' | 'gerbera' | 'carnation' | 'million-stars';

function ring(count: number, offset: number, shape: (angle: number) => string): string {
  let out = '';
  for (let i = 0; i < count; i++) out += shape(offset + (360 / count) * i);
  return out;
}

function headShade(ctx: Ctx): string {
  return def(
    ctx,
    'hs',
    '<radialGradient id="hs" cx=".42" cy=".38" r=".62"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>',
  );
}

function headDef(ctx: Ctx, style: HeadStyle): string {
  const id = `h-${style}`;
  if (ctx.defs.has(id)) return id;
  const shade = headShade(ctx);
  let body = '';
  switch (style) {
    case 'rose':
      body =
        ring(5, 0, (a) => `<ellipse cx="0" cy="-19" rx="16" ry="13" transform="rotate(${a})"/>`) +
        '<circle r="24"/>' +
        ring(5, 36, (a) => `<path d="M-15,-12 Q0,-24 15,-12" transform="rotate(${a})" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="2.2"/>`) +
        ring(4, 10, (a) => `<path d="M-10,-6 Q0,-15 10,-6" transform="rotate(${a})" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="2"/>`) +
        '<path d="M0,0 a3,3 0 1,1 3,3 a6,6 0 1,1 -6,-6 a8,8 0 1,1 9,10" fill="none" stroke="#000" stroke-opacity=".32" stroke-width="2"/>' +
        `<circle r="33" fill="url(#${shade})"/>`;
      break;
    case 'chrysanthemum':
      body =
        ring(22, 0, (a) => `<ellipse cx="0" cy="-20" rx="4.4" ry="11" transform="rotate(${a})" stroke="#000" stroke-opacity=".14"/>`) +
        ring(16, 11, (a) => `<ellipse cx="0" cy="-13" rx="4" ry="8.5" transform="rotate(${a})" stroke="#000" stroke-opacity=".16"/>`) +
        ring(10, 5, (a) => `<ellipse cx="0" cy="-7" rx="3.4" ry="6" transform="rotate(${a})" stroke="#000" stroke-opacity=".18"/>`) +
        '<circle r="5"/><circle r="5" fill="#6b8e23" fill-opacity=".55"/>' +
        `<circle r="31" fill="url(#${shade})"/>`;
      break;
    case 'lily': {
      const petal = 'M0,0 C15,-7 15,-24 0,-35 C-15,-24 -15,-7 0,0Z';
      body =
        ring(3, 30, (a) => `<path d="${petal}" transform="rotate(${a})"/><path d="${petal}" transform="rotate(${a})" fill="#000" fill-opacity=".12"/>`) +
        ring(3, 0, (a) => `<path d="${petal}" transform="rotate(${a})" stroke="#000" stroke-opacity=".14" stroke-width="1"/><path d="M0,0 C6,-4 6,-10 0,-14 C-6,-10 -6,-4 0,0Z" transform="rotate(${a})" fill="#9bbf4a" fill-opacity=".35"/>`) +
        ring(6, 0, (a) => `<path d="M0,-4 L0,-28" transform="rotate(${a})" stroke="#fff" stroke-opacity=".55" stroke-width="1.6"/>`) +
        ring(6, 12, (a) => `<circle cx="0" cy="-14" r="1.3" transform="rotate(${a})" fill="#7b2d26" fill-opacity=".6"/><circle cx="2" cy="-19" r="1" transform="rotate(${a})" fill="#7b2d26" fill-opacity=".5"/>`) +
        '<circle r="4.5" fill="#b8cf5a"/>' +
        ring(6, 20, (a) => `<path d="M0,0 L0,-17" transform="rotate(${a})" stroke="#9fb04a" stroke-width="1.2"/><ellipse cx="0" cy="-18" rx="1.6" ry="3" transform="rotate(${a})" fill="#8a3a12"/>`);
      break;
    }
    case 'gerbera':
      body =
        ring(24, 0, (a) => `<ellipse cx="0" cy="-20" rx="3.8" ry="10.5" transform="rotate(${a})"/>`) +
        ring(24, 7.5, (a) => `<ellipse cx="0" cy="-15" rx="2.4" ry="6" transform="rotate(${a})" fill="#000" fill-opacity=".1"/>`) +
        `<circle r="31" fill="url(#${shade})"/>` +
        '<circle r="9.5" fill="#3d2a12"/><circle r="9" fill="none" stroke="#d9b44a" stroke-width="2.4" stroke-dasharray="1.6 2"/><circle r="4.5" fill="#24170a"/>';
      break;
    case 'carnation': {
      const ruffle = (r: number, depth: number, n: number) => {
        let d = '';
        for (let i = 0; i < n; i++) {
          const a = (Math.PI * 2 * i) / n;
          const rr = r - (i % 2 === 0 ? 0 : depth) - (i % 3 === 0 ? depth * 0.4 : 0);
          d += `${i === 0 ? 'M' : 'L'}${n1(Math.cos(a) * rr)},${n1(Math.sin(a) * rr)}`;
        }
        return `${d}Z`;
      };
      body =
        `<path d="${ruffle(31, 5, 36)}"/>` +
        `<path d="${ruffle(23, 4, 30)}" stroke="#000" stroke-opacity=".16" stroke-width="1.2"/>` +
        `<path d="${ruffle(14, 3, 22)}" stroke="#000" stroke-opacity=".2" stroke-width="1.2"/>` +
        ring(6, 15, (a) => `<path d="M0,-6 L0,-20" transform="rotate(${a})" stroke="#000" stroke-opacity=".12" stroke-width="1.4"/>`) +
        `<circle r="32" fill="url(#${shade})"/>`;
      break;
    }
    case 'million-stars': {
      const spots: Array<[number, number]> = [
        [0, 0], [-14, -8], [13, -10], [-4, -20], [17, 8], [-17, 9], [2, 16], [-25, -2], [24, -4], [8, -25], [-12, 22], [12, 24], [-22, -18], [22, -20],
      ];
      body =
        spots.map(([x, y]) => `<path d="M0,0 L${x},${y}" stroke="#7d9a55" stroke-width="1" stroke-opacity=".7"/>`).join('') +
        spots.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4.6"/><circle cx="${x}" cy="${y}" r="1.5" fill="#d6cf8c"/>`).join('');
      break;
    }
  }
  return def(ctx, id, `<g id="${id}">${body}</g>`);
}

function leafDef(ctx: Ctx): string {
  return def(
    ctx,
    'leaf',
    '<g id="leaf"><path d="M0,0 C13,-12 14,-36 0,-54 C-14,-36 -13,-12 0,0Z"/><path d="M0,-2 L0,-48" stroke="#000" stroke-opacity=".2" stroke-width="1.5"/></g>',
  );
}

const GREENS = ['#3e7b3a', '#4f8f45', '#2f6a35', '#5f9e4c', '#386f3f'];

type Placed = { x: number; y: number; r: number; style: HeadStyle; fill: string; rot: number };

const MIXED_STYLES: HeadStyle[] = ['rose', 'rose', 'rose', 'lily', 'lily', 'chrysanthemum', 'carnation', 'gerbera'];

function headStyleFor(ctx: Ctx): HeadStyle {
  if (ctx.flower === 'mixed') return MIXED_STYLES[Math.floor(ctx.rng() * MIXED_STYLES.length)] ?? 'rose';
  return ctx.flower;
}

type DomeOptions = {
  /** Centre of the dome's base ellipse. */
  cx: number;
  cy: number;
  /** Radii of the base ellipse (ry small: seen from a little above). */
  rx: number;
  ry: number;
  /** How far the middle of the dome rises above the base. */
  lift: number;
  count: number;
  leaves: number;
  /** Leaves only behind the flowers (boxes, baskets) rather than all round. */
  backLeaves?: boolean;
};

/**
 * Flower heads packed on a dome (sunflower spiral over the base ellipse, lifted in the middle),
 * drawn back to front, with leaves around the edge and, for some seeds, baby's-breath filler.
 */
function dome(ctx: Ctx, o: DomeOptions): string {
  const { rng } = ctx;
  const leaf = leafDef(ctx);
  let out = '';
  for (let i = 0; i < o.leaves; i++) {
    const spread = o.backLeaves ? 200 : 320;
    const a = -90 - spread / 2 + (spread * (i + 0.2 + rng() * 0.6)) / o.leaves;
    const rad = (a * Math.PI) / 180;
    const x = o.cx + Math.cos(rad) * o.rx * 0.9;
    const y = o.cy + Math.sin(rad) * o.ry * 0.9 - o.lift * 0.35;
    out += placeSymbol(leaf, x, y, between(rng, 1, 1.5), a + 90 + between(rng, -10, 10), choose(rng, GREENS));
  }
  const heads: Placed[] = [];
  const area = Math.PI * o.rx * (o.ry + o.lift * 0.7);
  const baseR = Math.sqrt(area / Math.max(1, o.count) / Math.PI) * 1.08;
  const turn = rng() * Math.PI * 2;
  for (let i = 0; i < o.count; i++) {
    const t = Math.sqrt((i + 0.5) / o.count);
    const a = i * 2.39996 + turn;
    const u = Math.cos(a) * t;
    const v = Math.sin(a) * t;
    const x = o.cx + u * (o.rx - baseR * 0.45) + between(rng, -5, 5);
    const y = o.cy + v * o.ry - o.lift * (1 - t * t) + between(rng, -5, 5);
    const style = headStyleFor(ctx);
    const tint = between(rng, -0.12, 0.12);
    const base = colour(ctx, Math.floor(rng() * 97));
    const fill = tint >= 0 ? lighten(base, tint) : darken(base, -tint);
    heads.push({ x, y, r: baseR * (0.9 + ((v + 1) / 2) * 0.18) * between(rng, 0.93, 1.05), style, fill, rot: rng() * 360 });
  }
  heads.sort((p, q) => p.y + p.r * 0.3 - (q.y + q.r * 0.3));
  for (const h of heads) out += placeSymbol(headDef(ctx, h.style), h.x, h.y, h.r / 30, h.rot, h.fill);
  if (ctx.flower !== 'million-stars' && rng() < 0.45) {
    const ms = headDef(ctx, 'million-stars');
    const n = intBetween(rng, 3, 6);
    for (let i = 0; i < n; i++) {
      const a = -Math.PI / 2 + between(rng, -1.4, 1.4);
      out += placeSymbol(ms, o.cx + Math.cos(a) * o.rx * 0.92, o.cy + Math.sin(a) * o.ry - o.lift * 0.55, between(rng, 0.55, 0.8), rng() * 360, '#fbfbf6');
    }
  }
  return out;
}

function headCount(ctx: Ctx, lo: number, hi: number): number {
  const k = ctx.flower === 'million-stars' ? 1.7 : ctx.flower === 'lily' ? 0.75 : 1;
  return Math.round(intBetween(ctx.rng, lo, hi) * k);
}

/* ----------------------------------------------------------------------------------------------
 * Shared bits: ribbon bow, shadow
 * -------------------------------------------------------------------------------------------- */

function bow(x: number, y: number, size: number, fill: string): string {
  const dark = darken(fill, 0.25);
  const s = size;
  return (
    `<g transform="translate(${n1(x)} ${n1(y)})">` +
    `<path d="M-2,2 L${n1(-s * 0.7)},${n1(s * 1.5)} L${n1(-s * 0.35)},${n1(s * 1.35)} L${n1(-s * 0.2)},${n1(s * 1.6)}Z" fill="${dark}"/>` +
    `<path d="M2,2 L${n1(s * 0.65)},${n1(s * 1.55)} L${n1(s * 0.32)},${n1(s * 1.4)} L${n1(s * 0.15)},${n1(s * 1.65)}Z" fill="${dark}"/>` +
    `<path d="M0,0 C${n1(-s * 0.6)},${n1(-s * 0.9)} ${n1(-s * 1.3)},${n1(-s * 0.5)} ${n1(-s * 1.1)},${n1(s * 0.1)} C${n1(-s * 0.9)},${n1(s * 0.6)} ${n1(-s * 0.4)},${n1(s * 0.35)} 0,0Z" fill="${fill}"/>` +
    `<path d="M0,0 C${n1(s * 0.6)},${n1(-s * 0.9)} ${n1(s * 1.3)},${n1(-s * 0.5)} ${n1(s * 1.1)},${n1(s * 0.1)} C${n1(s * 0.9)},${n1(s * 0.6)} ${n1(s * 0.4)},${n1(s * 0.35)} 0,0Z" fill="${fill}"/>` +
    `<path d="M0,0 C${n1(-s * 0.5)},${n1(-s * 0.5)} ${n1(-s * 0.9)},${n1(-s * 0.3)} ${n1(-s * 0.9)},0" fill="none" stroke="${dark}" stroke-width="${n1(s * 0.08)}"/>` +
    `<path d="M0,0 C${n1(s * 0.5)},${n1(-s * 0.5)} ${n1(s * 0.9)},${n1(-s * 0.3)} ${n1(s * 0.9)},0" fill="none" stroke="${dark}" stroke-width="${n1(s * 0.08)}"/>` +
    `<ellipse rx="${n1(s * 0.24)}" ry="${n1(s * 0.28)}" fill="${dark}"/>` +
    '</g>'
  );
}

function shadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" fill-opacity=".12"/>`;
}

/* ----------------------------------------------------------------------------------------------
 * Kinds
 * -------------------------------------------------------------------------------------------- */

const PAPERS = ['#1d1d1f', '#d9c2a0', '#f3d3dc', '#fbfaf7', '#2c3e50', '#e9e2f3', '#c9a9a6'];
const PAPERS_FOR_PALE_FLOWERS = ['#1d1d1f', '#d9c2a0', '#2c3e50', '#c9a9a6', '#9caf88', '#e8b4bc'];
const RIBBONS_ON_DARK = ['#d4af37', '#f2f2f2', '#c0c0c0'];

function paleFlowers(ctx: Ctx): boolean {
  return ctx.palette.reduce((sum, c) => sum + luminance(c), 0) / ctx.palette.length > 0.8;
}

function bouquet(ctx: Ctx): string {
  const { rng } = ctx;
  const paper = choose(rng, paleFlowers(ctx) ? PAPERS_FOR_PALE_FLOWERS : PAPERS);
  const paperDark = darken(paper, 0.16);
  const paperLight = lighten(paper, 0.12);
  const ribbon = luminance(paper) < 0.35 ? choose(rng, RIBBONS_ON_DARK) : darken(colour(ctx, 0), 0.1);
  const tilt = between(rng, -5, 5);
  let out = shadow(300, 566, 120, 14);
  for (let i = 0; i < 6; i++) {
    const x = 283 + i * 7;
    out += `<path d="M${x},470 L${n1(x + (i - 2.5) * 5)},${552 + (i % 2) * 8}" stroke="${choose(rng, GREENS)}" stroke-width="6" stroke-linecap="round"/>`;
  }
  out += `<g transform="rotate(${n1(tilt)} 300 470)">`;
  // paper behind the flowers, with a fold
  out += `<path d="M300,476 L96,170 Q180,60 300,52 Q420,60 504,170Z" fill="${paperDark}"/>`;
  out += `<path d="M300,476 L132,128 Q214,66 300,70Z" fill="${paper}" fill-opacity=".75"/>`;
  out += dome(ctx, { cx: 300, cy: 286, rx: 170, ry: 44, lift: 150, count: headCount(ctx, 12, 17), leaves: intBetween(rng, 9, 12) });
  // paper in front: two sheets folded towards the tie
  out += `<path d="M300,482 L108,296 Q190,276 236,324 Q266,296 300,322Z" fill="${paper}"/>`;
  out += `<path d="M300,482 L492,296 Q410,276 364,324 Q334,296 300,322Z" fill="${paperLight}"/>`;
  out += `<path d="M300,482 L206,344 Q254,326 300,348 Q346,326 394,344Z" fill="${paperDark}"/>`;
  out += '<path d="M300,482 L232,356 Q268,344 300,360Z" fill="#fff" fill-opacity=".12"/>';
  out += `<path d="M286,452 L314,452 L312,474 L288,474Z" fill="${darken(ribbon, 0.15)}"/>`;
  out += bow(300, 462, 36, ribbon);
  out += '</g>';
  return out;
}

const BOX_COLOURS = ['#1b1b1d', '#f7f3ee', '#e8b4bc', '#22324a', '#c9a24d', '#7d1f33'];

function box(ctx: Ctx): string {
  const { rng } = ctx;
  const boxColour = choose(rng, BOX_COLOURS);
  const round = ART_STYLES.box[ctx.rngSeed % ART_STYLES.box.length] === 'round';
  const band = luminance(boxColour) < 0.35 ? choose(rng, RIBBONS_ON_DARK) : darken(colour(ctx, 0), 0.05);
  const grad = linear(ctx, 'boxg', [
    [0, darken(boxColour, 0.18)],
    [0.35, lighten(boxColour, 0.1)],
    [1, darken(boxColour, 0.25)],
  ]);
  let out = shadow(300, 530, 185, 20);
  if (round) {
    out += `<path d="M130,300 L130,500 A170,36 0 0,0 470,500 L470,300Z" fill="url(#${grad})"/>`;
    out += `<ellipse cx="300" cy="300" rx="170" ry="40" fill="${darken(boxColour, 0.35)}"/>`;
    out += `<path d="M130,330 L130,352 A170,36 0 0,0 470,352 L470,330 A170,36 0 0,1 130,330Z" fill="${band}" fill-opacity=".9"/>`;
    out += dome(ctx, { cx: 300, cy: 300, rx: 168, ry: 38, lift: 62, count: headCount(ctx, 16, 21), leaves: 7, backLeaves: true });
    out += `<path d="M130,300 A170,40 0 0,0 470,300 L470,312 A170,40 0 0,1 130,312Z" fill="${lighten(boxColour, 0.08)}"/>`;
  } else {
    out += `<path d="M140,310 L460,310 L460,505 L140,505Z" fill="url(#${grad})"/>`;
    out += `<path d="M140,310 L200,268 L520,268 L460,310Z" fill="${darken(boxColour, 0.35)}"/>`;
    out += `<path d="M460,310 L520,268 L520,462 L460,505Z" fill="${darken(boxColour, 0.3)}"/>`;
    out += dome(ctx, { cx: 330, cy: 290, rx: 186, ry: 26, lift: 58, count: headCount(ctx, 16, 21), leaves: 7, backLeaves: true });
    out += `<path d="M140,300 L460,300 L460,318 L140,318Z" fill="${lighten(boxColour, 0.06)}"/>`;
    out += `<path d="M140,350 L460,350 L460,372 L140,372Z" fill="${band}" fill-opacity=".9"/>`;
    out += `<path d="M460,350 L520,308 L520,330 L460,372Z" fill="${darken(band, 0.2)}" fill-opacity=".9"/>`;
  }
  out += bow(300, 360, 30, band);
  return out;
}

function vase(ctx: Ctx): string {
  const { rng } = ctx;
  const glass = ART_STYLES.vase[ctx.rngSeed % ART_STYLES.vase.length] === 'glass';
  let out = shadow(300, 548, 110, 14);
  const stems = (y0: number, y1: number) => {
    let s = '';
    for (let i = 0; i < 9; i++) {
      const x0 = 250 + i * 12.5;
      s += `<path d="M${n1(x0 + (i - 4) * 6)},${y0} L${n1(x0 + (i - 4) * -2)},${y1}" stroke="${choose(rng, GREENS)}" stroke-width="5"/>`;
    }
    return s;
  };
  if (glass) {
    out += stems(300, 520);
    out += dome(ctx, { cx: 300, cy: 280, rx: 175, ry: 50, lift: 150, count: headCount(ctx, 12, 16), leaves: intBetween(rng, 9, 12) });
    const g = linear(ctx, 'vg', [
      [0, '#dff1f4', 0.55],
      [0.3, '#ffffff', 0.25],
      [0.7, '#cfe7ec', 0.3],
      [1, '#9cc6cf', 0.6],
    ]);
    out += `<path d="M228,318 L372,318 L366,530 Q300,546 234,530Z" fill="url(#${g})" stroke="#ffffff" stroke-opacity=".7" stroke-width="3"/>`;
    out += `<path d="M232,380 L368,380 L366,530 Q300,546 234,530Z" fill="#8fc3cc" fill-opacity=".3"/>`;
    out += '<path d="M246,330 L244,512" stroke="#fff" stroke-opacity=".75" stroke-width="6" stroke-linecap="round"/>';
    out += '<ellipse cx="300" cy="318" rx="72" ry="8" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="3"/>';
  } else {
    const ceramic = choose(rng, ['#f4efe6', '#2e5e62', '#c46a4a', '#23252b', '#d9c7a8', '#9fb7c8']);
    const g = linear(ctx, 'vc', [
      [0, darken(ceramic, 0.2)],
      [0.4, lighten(ceramic, 0.12)],
      [1, darken(ceramic, 0.3)],
    ]);
    out += dome(ctx, { cx: 300, cy: 282, rx: 175, ry: 50, lift: 150, count: headCount(ctx, 12, 16), leaves: intBetween(rng, 9, 12) });
    out += `<path d="M250,318 L350,318 Q352,340 372,360 Q420,410 392,480 Q372,532 300,536 Q228,532 208,480 Q180,410 228,360 Q248,340 250,318Z" fill="url(#${g})"/>`;
    out += `<ellipse cx="300" cy="318" rx="52" ry="9" fill="${darken(ceramic, 0.4)}"/>`;
    out += `<path d="M224,420 Q300,438 376,420" fill="none" stroke="${lighten(ceramic, 0.35)}" stroke-width="5" stroke-opacity=".7"/>`;
  }
  return out;
}

function wicker(): string {
  let s = '<path d="M150,330 L450,330 L420,500 Q300,522 180,500Z" fill="#b07a45"/>';
  for (let y = 350; y < 505; y += 22) {
    const inset = ((y - 330) / 170) * 30;
    s += `<path d="M${n1(150 + inset)},${y} Q300,${y + 12} ${n1(450 - inset)},${y}" fill="none" stroke="#8a5a2e" stroke-width="5"/>`;
  }
  for (let x = 175; x < 440; x += 26) s += `<path d="M${x},334 L${n1(x + (x - 300) * -0.1)},500" stroke="#c99560" stroke-width="3" stroke-opacity=".7"/>`;
  s += '<path d="M146,322 L454,322 L450,342 L150,342Z" fill="#96632f"/>';
  return s;
}

function hamperContents(ctx: Ctx): string {
  const { rng } = ctx;
  let out = '';
  // a bottle neck, a few wrapped boxes and a jar, nested in straw
  out += '<path d="M338,330 L338,198 Q338,176 352,170 L352,118 L372,118 L372,170 Q386,176 386,198 L386,330Z" fill="#23402b"/>';
  out += `<path d="M350,112 L374,112 L374,156 L350,156Z" fill="${choose(rng, ['#d4af37', '#8e1b2d', '#1d1d1f'])}"/>`;
  out += '<path d="M344,220 L380,220 L380,262 L344,262Z" fill="#f3ead7"/>';
  const boxes: Array<[number, number, number, number]> = [
    [190, 236, 110, 96],
    [270, 262, 78, 70],
    [394, 250, 62, 82],
  ];
  boxes.forEach(([x, y, w, h], i) => {
    const c = colour(ctx, i);
    const r = colour(ctx, i + 1);
    out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${c}"/>`;
    out += `<rect x="${x + w / 2 - 6}" y="${y}" width="12" height="${h}" fill="${r}"/>`;
    out += `<rect x="${x}" y="${y + h / 2 - 6}" width="${w}" height="12" fill="${r}" fill-opacity=".85"/>`;
  });
  out += '<ellipse cx="240" cy="300" rx="30" ry="26" fill="#c0762a"/><ellipse cx="240" cy="280" rx="26" ry="8" fill="#e8d6b0"/>';
  for (let i = 0; i < 26; i++) {
    const x = 160 + rng() * 280;
    out += `<path d="M${n1(x)},334 q${n1(between(rng, -14, 14))},-${n1(between(rng, 10, 26))} ${n1(between(rng, -8, 20))},-${n1(between(rng, 4, 12))}" fill="none" stroke="#e3c77a" stroke-width="2.5"/>`;
  }
  return out;
}

function wreath(ctx: Ctx): string {
  const { rng } = ctx;
  let out = '<path d="M210,560 L300,330 L390,560" fill="none" stroke="#6d4c33" stroke-width="10"/><path d="M300,330 L300,575" stroke="#5a3e2a" stroke-width="10"/>';
  out += shadow(300, 578, 130, 10);
  const leaf = leafDef(ctx);
  const cx = 300;
  const cy = 270;
  const R = 165;
  for (let i = 0; i < 26; i++) {
    const a = (i / 26) * 360 + between(rng, -5, 5);
    const rad = (a * Math.PI) / 180;
    const r = R + (i % 2 === 0 ? 28 : -28);
    out += placeSymbol(leaf, cx + Math.cos(rad) * r, cy + Math.sin(rad) * r, between(rng, 0.9, 1.2), a + (i % 2 === 0 ? 90 : -90), choose(rng, GREENS));
  }
  const heads: Placed[] = [];
  const n = ctx.flower === 'million-stars' ? 30 : 20;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + between(rng, -0.06, 0.06);
    const r = R + between(rng, -14, 14);
    const base = colour(ctx, Math.floor(rng() * 97));
    heads.push({ x: cx + Math.cos(a) * r, y: cy + Math.sin(a) * r, r: between(rng, 32, 40), style: headStyleFor(ctx), fill: lighten(base, between(rng, 0, 0.1)), rot: rng() * 360 });
  }
  heads.sort((p, q) => p.y - q.y);
  for (const h of heads) out += placeSymbol(headDef(ctx, h.style), h.x, h.y, h.r / 30, h.rot, h.fill);
  out += bow(cx, cy + R + 20, 40, choose(rng, ['#f2f2f2', '#d4af37', '#7d1f33']));
  return out;
}

function basket(ctx: Ctx): string {
  if (ctx.hasFlower && ART_STYLES.basket[ctx.rngSeed % ART_STYLES.basket.length] === 'wreath') return wreath(ctx);
  let out = shadow(300, 516, 170, 16);
  out += '<path d="M176,330 Q176,118 300,112 Q424,118 424,330" fill="none" stroke="#8a5a2e" stroke-width="16"/>';
  out += '<path d="M176,330 Q176,118 300,112 Q424,118 424,330" fill="none" stroke="#c99560" stroke-width="5" stroke-dasharray="10 8"/>';
  out += ctx.hasFlower
    ? dome(ctx, { cx: 300, cy: 318, rx: 150, ry: 34, lift: 110, count: headCount(ctx, 13, 17), leaves: 9, backLeaves: true })
    : hamperContents(ctx);
  out += wicker();
  out += bow(300, 350, 28, ctx.hasFlower ? lighten(colour(ctx, 0), 0.1) : colour(ctx, 1));
  return out;
}

function giftBox(ctx: Ctx, x: number, y: number, w: number, h: number, body: string, ribbon: string, withBow: boolean): string {
  const depth = w * 0.22;
  let out = '';
  out += `<path d="M${x},${y} L${x + w},${y} L${x + w},${y + h} L${x},${y + h}Z" fill="${body}"/>`;
  out += `<path d="M${x + w},${y} L${n1(x + w + depth)},${n1(y - depth * 0.6)} L${n1(x + w + depth)},${n1(y + h - depth * 0.6)} L${x + w},${y + h}Z" fill="${darken(body, 0.22)}"/>`;
  out += `<path d="M${x},${y} L${n1(x + depth)},${n1(y - depth * 0.6)} L${n1(x + w + depth)},${n1(y - depth * 0.6)} L${x + w},${y}Z" fill="${lighten(body, 0.14)}"/>`;
  // lid rim
  out += `<path d="M${x - 4},${y} L${x + w + 4},${y} L${x + w + 4},${y + h * 0.18} L${x - 4},${y + h * 0.18}Z" fill="${darken(body, 0.06)}"/>`;
  const rw = Math.max(10, w * 0.1);
  out += `<path d="M${n1(x + w / 2 - rw / 2)},${y} L${n1(x + w / 2 + rw / 2)},${y} L${n1(x + w / 2 + rw / 2)},${y + h} L${n1(x + w / 2 - rw / 2)},${y + h}Z" fill="${ribbon}"/>`;
  out += `<path d="M${x + w},${n1(y + h / 2 - rw / 2)} L${n1(x + w + depth)},${n1(y + h / 2 - rw / 2 - depth * 0.6)} L${n1(x + w + depth)},${n1(y + h / 2 + rw / 2 - depth * 0.6)} L${x + w},${n1(y + h / 2 + rw / 2)}Z" fill="${darken(ribbon, 0.2)}"/>`;
  out += `<path d="M${n1(x + w / 2 - rw / 2)},${y} L${n1(x + w / 2 - rw / 2 + depth)},${n1(y - depth * 0.6)} L${n1(x + w / 2 + rw / 2 + depth)},${n1(y - depth * 0.6)} L${n1(x + w / 2 + rw / 2)},${y}Z" fill="${lighten(ribbon, 0.1)}"/>`;
  if (withBow) out += bow(x + w / 2 + depth / 2, y - depth * 0.3, Math.max(22, w * 0.24), ribbon);
  return out;
}

function gift(ctx: Ctx): string {
  const { rng } = ctx;
  const style = ART_STYLES.gift[ctx.rngSeed % ART_STYLES.gift.length];
  let out = shadow(300, 512, 190, 18);
  if (style === 'wrapped') {
    const w = intBetween(rng, 260, 320);
    const h = intBetween(rng, 200, 250);
    out += giftBox(ctx, 285 - w / 2, 500 - h, w, h, colour(ctx, 0), colour(ctx, 1), true);
  } else if (style === 'stack') {
    out += giftBox(ctx, 150, 350, 280, 150, colour(ctx, 0), colour(ctx, 1), false);
    out += giftBox(ctx, 196, 232, 190, 118, colour(ctx, 1), colour(ctx, 2), false);
    out += giftBox(ctx, 232, 150, 118, 82, colour(ctx, 2), colour(ctx, 0), true);
  } else {
    const body = colour(ctx, 0);
    // lid leaning behind, then the open tray of chocolates
    out += `<path d="M150,300 L200,120 L470,150 L450,320Z" fill="${darken(body, 0.1)}"/>`;
    out += `<path d="M170,290 L210,140 L452,166 L436,306Z" fill="${lighten(body, 0.08)}" fill-opacity=".6"/>`;
    out += bow(330, 200, 34, colour(ctx, 1));
    out += `<path d="M120,320 L480,320 L500,500 L100,500Z" fill="${body}"/>`;
    out += `<path d="M142,332 L458,332 L474,484 L126,484Z" fill="${darken(body, 0.35)}"/>`;
    const rows = 3;
    const cols = intBetween(rng, 4, 5);
    const foil = colour(ctx, 1);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const y = 364 + r * 44;
        const spread = 300 + r * 14;
        const x = 300 - spread / 2 + (spread / (cols - 1)) * c;
        const isFoil = (r + c) % 3 === 0;
        const fill = isFoil ? foil : choose(rng, ['#4a2a17', '#5c3521', '#3a2012', '#7a4a2a']);
        out += `<ellipse cx="${n1(x)}" cy="${y + 6}" rx="25" ry="13" fill="#000" fill-opacity=".3"/>`;
        out += `<circle cx="${n1(x)}" cy="${y}" r="21" fill="${fill}"/>`;
        out += isFoil
          ? `<path d="M${n1(x - 14)},${y - 4} L${n1(x + 14)},${y + 6}" stroke="${lighten(fill, 0.4)}" stroke-width="3"/>`
          : `<path d="M${n1(x - 10)},${y} q5,-7 10,0 t10,0" fill="none" stroke="${lighten(fill, 0.25)}" stroke-width="2.5"/>`;
        out += `<circle cx="${n1(x - 7)}" cy="${y - 8}" r="5" fill="#fff" fill-opacity=".22"/>`;
      }
    }
  }
  return out;
}

function cake(ctx: Ctx): string {
  const { rng } = ctx;
  const style = ART_STYLES.cake[ctx.rngSeed % ART_STYLES.cake.length];
  const frost = colour(ctx, 0);
  const drip = colour(ctx, 1);
  const deco = colour(ctx, 2);
  let out = shadow(300, 530, 190, 16);
  const tier = (cx: number, top: number, w: number, h: number, withDrip: boolean) => {
    const x = cx - w / 2;
    const g = linear(ctx, `ck${w}`, [
      [0, darken(frost, 0.12)],
      [0.4, lighten(frost, 0.12)],
      [1, darken(frost, 0.16)],
    ]);
    let s = `<path d="M${x},${top} L${x},${top + h} A${w / 2},${n1(w * 0.1)} 0 0,0 ${x + w},${top + h} L${x + w},${top}Z" fill="url(#${g})"/>`;
    s += `<ellipse cx="${cx}" cy="${top}" rx="${w / 2}" ry="${n1(w * 0.1)}" fill="${lighten(frost, 0.18)}"/>`;
    if (withDrip) {
      let d = `M${x},${top}`;
      const n = Math.round(w / 26);
      for (let i = 0; i <= n; i++) {
        const px = x + (w / n) * i;
        const len = between(rng, 14, 40);
        d += ` L${n1(px - 6)},${n1(top + 8)} Q${n1(px - 6)},${n1(top + len)} ${n1(px)},${n1(top + len)} Q${n1(px + 6)},${n1(top + len)} ${n1(px + 6)},${n1(top + 8)}`;
      }
      d += ` L${x + w},${top} A${w / 2},${n1(w * 0.1)} 0 0,0 ${x},${top}Z`;
      s += `<path d="${d}" fill="${drip}"/>`;
      s += `<ellipse cx="${cx}" cy="${top}" rx="${w / 2}" ry="${n1(w * 0.1)}" fill="${drip}"/>`;
      s += `<ellipse cx="${cx - w * 0.15}" cy="${top - 2}" rx="${w * 0.2}" ry="${n1(w * 0.03)}" fill="#fff" fill-opacity=".25"/>`;
    }
    // piped beads along the base
    for (let i = 0; i < Math.round(w / 18); i++) {
      const px = x + 9 + i * 18;
      s += `<circle cx="${n1(px)}" cy="${n1(top + h + Math.sin((i / Math.round(w / 18)) * Math.PI) * w * 0.09)}" r="7" fill="${lighten(frost, 0.3)}"/>`;
    }
    return s;
  };
  // cake stand
  out += '<path d="M270,500 L330,500 L350,528 L250,528Z" fill="#e6e1d8"/>';
  out += '<ellipse cx="300" cy="496" rx="190" ry="22" fill="#f4f1ec"/><ellipse cx="300" cy="492" rx="190" ry="18" fill="#ffffff"/>';
  if (style === 'cupcakes') {
    const n = intBetween(rng, 3, 4);
    for (let i = 0; i < n; i++) {
      const cx = n === 3 ? 170 + i * 130 : 150 + i * 100;
      const top = i % 2 === 0 ? 360 : 372;
      const c = colour(ctx, i);
      out += `<path d="M${cx - 44},${top + 30} L${cx + 44},${top + 30} L${cx + 32},${top + 118} L${cx - 32},${top + 118}Z" fill="${drip}"/>`;
      for (let k = -3; k <= 3; k++) out += `<path d="M${cx + k * 12},${top + 32} L${n1(cx + k * 9)},${top + 116}" stroke="${darken(drip, 0.2)}" stroke-width="2"/>`;
      out += `<ellipse cx="${cx}" cy="${top + 28}" rx="52" ry="22" fill="${c}"/>`;
      out += `<ellipse cx="${cx}" cy="${top + 6}" rx="42" ry="20" fill="${lighten(c, 0.1)}"/>`;
      out += `<ellipse cx="${cx}" cy="${top - 14}" rx="30" ry="17" fill="${lighten(c, 0.18)}"/>`;
      out += `<ellipse cx="${cx}" cy="${top - 30}" rx="16" ry="12" fill="${lighten(c, 0.26)}"/>`;
      out += `<circle cx="${cx + 4}" cy="${top - 46}" r="10" fill="${deco}"/><circle cx="${cx + 1}" cy="${top - 49}" r="3" fill="#fff" fill-opacity=".5"/>`;
    }
    return out;
  }
  if (style === 'tiered') {
    out += tier(300, 372, 300, 110, false);
    out += tier(300, 270, 220, 100, false);
    out += tier(300, 180, 150, 88, true);
    const rose = headDef(ctx, 'rose');
    const spots: Array<[number, number, number]> = [
      [200, 400, 0.7], [232, 412, 0.55], [392, 300, 0.6], [366, 308, 0.45], [290, 166, 0.55], [316, 172, 0.45],
    ];
    for (const [x, y, s] of spots) out += placeSymbol(rose, x, y, s, rng() * 360, deco);
    return out;
  }
  out += tier(300, 300, 300, 180, true);
  const berries = intBetween(rng, 6, 9);
  for (let i = 0; i < berries; i++) {
    const x = 185 + (230 / (berries - 1)) * i;
    const y = 290 + Math.sin((i / (berries - 1)) * Math.PI) * -12 + between(rng, -3, 3);
    out += `<circle cx="${n1(x)}" cy="${n1(y)}" r="14" fill="${deco}"/><circle cx="${n1(x - 4)}" cy="${n1(y - 5)}" r="4" fill="#fff" fill-opacity=".45"/>`;
  }
  if (rng() < 0.5) {
    for (let i = 0; i < 3; i++) {
      const x = 260 + i * 40;
      out += `<rect x="${x - 4}" y="212" width="8" height="62" rx="3" fill="${i % 2 === 0 ? '#ffffff' : lighten(deco, 0.5)}"/>`;
      out += `<path d="M${x},190 q-8,12 0,20 q8,-8 0,-20Z" fill="#ffb300"/><path d="M${x},198 q-4,6 0,10 q4,-4 0,-10Z" fill="#fff6c2"/>`;
    }
  }
  return out;
}

function bottle(ctx: Ctx): string {
  const { rng } = ctx;
  const style = ART_STYLES.bottle[ctx.rngSeed % ART_STYLES.bottle.length];
  const glass = colour(ctx, 0);
  const label = colour(ctx, 1);
  const accent = colour(ctx, 2);
  let out = shadow(300, 540, 170, 16);
  if (style === 'perfume') {
    // box behind, faceted bottle in front
    out += `<path d="M330,180 L470,180 L470,520 L330,520Z" fill="${accent}"/><path d="M330,180 L360,160 L500,160 L470,180Z" fill="${lighten(accent, 0.15)}"/><path d="M470,180 L500,160 L500,500 L470,520Z" fill="${darken(accent, 0.2)}"/>`;
    out += `<path d="M370,300 L430,300" stroke="${label}" stroke-width="4"/>`;
    const g = linear(ctx, 'pg', [
      [0, lighten(glass, 0.1), 0.85],
      [0.35, lighten(glass, 0.55), 0.7],
      [1, darken(glass, 0.1), 0.9],
    ]);
    out += `<path d="M150,300 Q150,284 166,284 L334,284 Q350,284 350,300 L350,506 Q350,522 334,522 L166,522 Q150,522 150,506Z" fill="url(#${g})" stroke="#fff" stroke-opacity=".6" stroke-width="3"/>`;
    out += `<path d="M164,360 L336,360 L336,506 Q336,510 332,510 L168,510 Q164,510 164,506Z" fill="${glass}" fill-opacity=".45"/>`;
    out += '<path d="M176,300 L176,496" stroke="#fff" stroke-opacity=".6" stroke-width="8" stroke-linecap="round"/>';
    out += `<path d="M222,246 L278,246 L278,284 L222,284Z" fill="${lighten(label, 0.2)}"/><path d="M204,170 L296,170 L296,246 L204,246Z" fill="${label}"/><path d="M214,178 L226,178 L226,238 L214,238Z" fill="#fff" fill-opacity=".35"/>`;
    out += `<path d="M206,410 L294,410 L294,450 L206,450Z" fill="${lighten(label, 0.3)}" fill-opacity=".8"/>`;
    return out;
  }
  const champagne = style === 'champagne';
  const bx = rng() < 0.5 ? 240 : 360;
  const gx = bx === 240 ? 420 : 180;
  // glass beside the bottle
  const liquid = champagne ? '#f1d77a' : darken(glass, 0.1);
  if (champagne) {
    out += `<path d="M${gx - 28},250 L${gx + 28},250 L${gx + 20},400 Q${gx},412 ${gx - 20},400Z" fill="#fff" fill-opacity=".35" stroke="#fff" stroke-width="3"/>`;
    out += `<path d="M${gx - 25},290 L${gx + 25},290 L${gx + 20},398 Q${gx},408 ${gx - 20},398Z" fill="${liquid}" fill-opacity=".85"/>`;
    for (let i = 0; i < 6; i++) out += `<circle cx="${n1(gx + between(rng, -14, 14))}" cy="${n1(between(rng, 300, 390))}" r="${n1(between(rng, 1.5, 3))}" fill="#fff" fill-opacity=".8"/>`;
    out += `<path d="M${gx},410 L${gx},506" stroke="#fff" stroke-width="5"/><ellipse cx="${gx}" cy="510" rx="34" ry="7" fill="#fff" fill-opacity=".8"/>`;
  } else {
    out += `<path d="M${gx - 52},300 Q${gx - 56},410 ${gx},416 Q${gx + 56},410 ${gx + 52},300Z" fill="#fff" fill-opacity=".35" stroke="#fff" stroke-width="3"/>`;
    out += `<path d="M${gx - 50},352 Q${gx - 50},408 ${gx},412 Q${gx + 50},408 ${gx + 50},352Z" fill="${liquid}"/>`;
    out += `<path d="M${gx},416 L${gx},506" stroke="#fff" stroke-width="5"/><ellipse cx="${gx}" cy="510" rx="38" ry="7" fill="#fff" fill-opacity=".8"/>`;
  }
  const g = linear(ctx, 'bg', [
    [0, darken(glass, 0.35)],
    [0.3, lighten(glass, 0.18)],
    [0.45, glass],
    [1, darken(glass, 0.45)],
  ]);
  const w = champagne ? 70 : 62;
  const shoulder = champagne ? 'Q' : 'C';
  const path = champagne
    ? `M${bx - 18},150 L${bx - 18},230 ${shoulder}${bx - w},290 ${bx - w},350 L${bx - w},512 Q${bx},524 ${bx + w},512 L${bx + w},350 ${shoulder}${bx + w},290 ${bx + 18},230 L${bx + 18},150Z`
    : `M${bx - 17},110 L${bx - 17},220 ${shoulder}${bx - 17},250 ${bx - w},262 ${bx - w},300 L${bx - w},512 Q${bx},524 ${bx + w},512 L${bx + w},300 ${shoulder}${bx + w},262 ${bx + 17},250 ${bx + 17},220 L${bx + 17},110Z`;
  out += `<path d="${path}" fill="url(#${g})"/>`;
  out += `<path d="M${bx - w + 16},${champagne ? 330 : 290} L${bx - w + 16},496" stroke="#fff" stroke-opacity=".35" stroke-width="8" stroke-linecap="round"/>`;
  // foil or capsule
  out += champagne
    ? `<path d="M${bx - 21},136 L${bx + 21},136 L${bx + 24},260 Q${bx},272 ${bx - 24},260Z" fill="${accent}"/><path d="M${bx - 21},136 L${bx + 21},136 L${bx + 21},150 L${bx - 21},150Z" fill="${darken(accent, 0.2)}"/>`
    : `<path d="M${bx - 19},104 L${bx + 19},104 L${bx + 19},170 L${bx - 19},170Z" fill="${accent}"/>`;
  // label (shapes only)
  const ly = champagne ? 380 : 360;
  out += `<path d="M${bx - w + 6},${ly} L${bx + w - 6},${ly} L${bx + w - 6},${ly + 96} L${bx - w + 6},${ly + 96}Z" fill="${label}"/>`;
  out += `<path d="M${bx - 34},${ly + 22} L${bx + 34},${ly + 22}" stroke="${accent}" stroke-width="6"/>`;
  out += `<path d="M${bx - 24},${ly + 44} L${bx + 24},${ly + 44} M${bx - 28},${ly + 60} L${bx + 28},${ly + 60} M${bx - 18},${ly + 76} L${bx + 18},${ly + 76}" stroke="${darken(label, 0.35)}" stroke-width="3"/>`;
  if (champagne) out += `<path d="M${bx - w + 4},${ly - 30} L${bx + w - 4},${ly - 30} L${bx},${ly - 6}Z" fill="${accent}"/>`;
  return out;
}

function bear(ctx: Ctx): string {
  const { rng } = ctx;
  const fur = colour(ctx, 0);
  const dark = darken(fur, 0.22);
  const light = lighten(fur, 0.35);
  const ribbon = colour(ctx, 1);
  const heart = rng() < 0.6;
  let out = shadow(300, 540, 170, 16);
  out += `<ellipse cx="300" cy="410" rx="118" ry="120" fill="${fur}"/>`;
  out += `<ellipse cx="300" cy="430" rx="70" ry="80" fill="${light}"/>`;
  // legs and paws
  for (const s of [-1, 1]) {
    out += `<ellipse cx="${300 + s * 92}" cy="500" rx="56" ry="40" fill="${fur}"/>`;
    out += `<ellipse cx="${300 + s * 112}" cy="505" rx="26" ry="30" fill="${light}"/>`;
  }
  // ears and head
  for (const s of [-1, 1]) {
    out += `<circle cx="${300 + s * 88}" cy="140" r="44" fill="${fur}"/><circle cx="${300 + s * 88}" cy="142" r="24" fill="${light}"/>`;
  }
  out += `<circle cx="300" cy="225" r="110" fill="${fur}"/>`;
  out += `<ellipse cx="300" cy="262" rx="50" ry="40" fill="${light}"/>`;
  out += '<ellipse cx="300" cy="244" rx="18" ry="13" fill="#2a1a12"/><path d="M300,256 L300,274 M300,274 Q288,286 278,278 M300,274 Q312,286 322,278" stroke="#2a1a12" stroke-width="4" fill="none" stroke-linecap="round"/>';
  for (const s of [-1, 1]) out += `<circle cx="${300 + s * 44}" cy="205" r="12" fill="#1c120c"/><circle cx="${300 + s * 44 + 4}" cy="201" r="4" fill="#fff"/>`;
  out += `<ellipse cx="${300 - 78}" cy="250" rx="16" ry="9" fill="#ff8a8a" fill-opacity=".35"/><ellipse cx="${300 + 78}" cy="250" rx="16" ry="9" fill="#ff8a8a" fill-opacity=".35"/>`;
  // fur texture
  for (let i = 0; i < 10; i++) {
    const a = between(rng, 0, Math.PI * 2);
    const r = between(rng, 60, 100);
    out += `<path d="M${n1(300 + Math.cos(a) * r)},${n1(410 + Math.sin(a) * r)} l4,-7 l4,7" fill="none" stroke="${dark}" stroke-width="2" stroke-opacity=".5"/>`;
  }
  out += bow(300, 330, 40, ribbon);
  // arms, one holding a heart
  if (heart) {
    const hc = colour(ctx, 2);
    out += `<path d="M300,470 C230,420 230,360 270,360 C290,360 300,378 300,388 C300,378 310,360 330,360 C370,360 370,420 300,470Z" fill="${hc}"/>`;
    out += `<path d="M264,380 q10,-12 22,-4" stroke="#fff" stroke-opacity=".5" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  }
  for (const s of [-1, 1]) out += `<ellipse cx="${300 + s * (heart ? 72 : 108)}" cy="${heart ? 420 : 400}" rx="34" ry="52" transform="rotate(${s * (heart ? -35 : 20)} ${300 + s * (heart ? 72 : 108)} ${heart ? 420 : 400})" fill="${fur}"/>`;
  return out;
}

function plant(ctx: Ctx): string {
  const { rng } = ctx;
  const style = ART_STYLES.plant[ctx.rngSeed % ART_STYLES.plant.length];
  const pot = colour(ctx, 0);
  const bloom = colour(ctx, 1);
  const g = linear(ctx, 'pt', [
    [0, darken(pot, 0.2)],
    [0.4, lighten(pot, 0.12)],
    [1, darken(pot, 0.28)],
  ]);
  let out = shadow(300, 540, 140, 15);
  let foliage = '';
  const leaf = leafDef(ctx);
  if (style === 'peace-lily') {
    const n = intBetween(rng, 10, 13);
    for (let i = 0; i < n; i++) {
      const a = -75 + (150 * i) / (n - 1) + between(rng, -6, 6);
      const len = between(rng, 1.9, 2.7);
      foliage += placeSymbol(leaf, 300 + between(rng, -20, 20), 372, len, a, choose(rng, ['#2f6a35', '#245a2c', '#3a7a3e']));
    }
    const f = intBetween(rng, 3, 4);
    for (let i = 0; i < f; i++) {
      const x = 230 + (140 / (f - 1)) * i + between(rng, -10, 10);
      const y = between(rng, 150, 210);
      foliage += `<path d="M${n1(x)},${n1(y + 30)} Q${n1((x + 300) / 2)},300 300,372" fill="none" stroke="#3b7a3e" stroke-width="4"/>`;
      foliage += `<path d="M${n1(x)},${n1(y + 34)} C${n1(x - 30)},${n1(y + 10)} ${n1(x - 20)},${n1(y - 36)} ${n1(x)},${n1(y - 52)} C${n1(x + 20)},${n1(y - 36)} ${n1(x + 30)},${n1(y + 10)} ${n1(x)},${n1(y + 34)}Z" fill="${bloom}"/>`;
      foliage += `<path d="M${n1(x)},${n1(y + 26)} L${n1(x + 2)},${n1(y - 10)}" stroke="#e8dc8a" stroke-width="8" stroke-linecap="round"/>`;
    }
  } else if (style === 'snake-plant') {
    const n = intBetween(rng, 7, 10);
    for (let i = 0; i < n; i++) {
      const x = 250 + (100 * i) / (n - 1) + between(rng, -6, 6);
      const h = between(rng, 180, 280);
      const lean = between(rng, -30, 30);
      const w = between(rng, 16, 24);
      foliage += `<path d="M${n1(x - w)},372 Q${n1(x - w + lean / 2)},${n1(372 - h / 2)} ${n1(x + lean)},${n1(372 - h)} Q${n1(x + w + lean / 2)},${n1(372 - h / 2)} ${n1(x + w)},372Z" fill="${choose(rng, ['#2e5f33', '#3a6d3a', '#27512c'])}" stroke="#d8cf6a" stroke-width="3"/>`;
      for (let k = 1; k < 6; k++) foliage += `<path d="M${n1(x - w * 0.6 + (lean * k) / 12)},${n1(372 - (h * k) / 7)} q${n1(w * 0.6)},-8 ${n1(w * 1.2)},0" fill="none" stroke="#8fb07a" stroke-width="2" stroke-opacity=".6"/>`;
    }
  } else if (style === 'cactus') {
    const green = '#4f8a4b';
    const gradC = linear(ctx, 'cc', [
      [0, '#3b6e3a'],
      [0.5, '#6aa85e'],
      [1, '#335f33'],
    ]);
    foliage += `<rect x="255" y="160" width="90" height="220" rx="45" fill="url(#${gradC})"/>`;
    const arms = intBetween(rng, 1, 2);
    foliage += `<path d="M262,300 L222,300 Q196,300 196,274 L196,226" fill="none" stroke="${green}" stroke-width="38" stroke-linecap="round"/>`;
    if (arms > 1) foliage += `<path d="M338,260 L372,260 Q398,260 398,234 L398,200" fill="none" stroke="${green}" stroke-width="34" stroke-linecap="round"/>`;
    for (let x = 272; x <= 328; x += 18) foliage += `<path d="M${x},176 L${x},372" stroke="#2f5a2f" stroke-width="2" stroke-opacity=".5"/>`;
    for (let i = 0; i < 24; i++) foliage += `<path d="M${n1(between(rng, 262, 338))},${n1(between(rng, 175, 365))} l-4,-4 m4,4 l4,-4" stroke="#f4f1d0" stroke-width="1.5"/>`;
    if (rng() < 0.7) foliage += placeSymbol(headDef(ctx, 'gerbera'), 300, 160, 0.75, rng() * 360, bloom);
  } else {
    const n = intBetween(rng, 9, 13);
    for (let i = 0; i < n; i++) {
      const a = ((-150 + (120 * i) / (n - 1)) * Math.PI) / 180;
      const len = between(rng, 120, 200);
      const x = 300 + Math.cos(a) * len;
      const y = 372 + Math.sin(a) * len * 0.95;
      foliage += `<path d="M300,372 Q${n1((300 + x) / 2 + between(rng, -20, 20))},${n1((372 + y) / 2)} ${n1(x)},${n1(y)}" fill="none" stroke="#4b7d3c" stroke-width="4"/>`;
      const r = between(rng, 28, 40);
      foliage += `<circle cx="${n1(x)}" cy="${n1(y)}" r="${n1(r)}" fill="${choose(rng, ['#4f9a47', '#3f8a40', '#5fae52'])}"/><path d="M${n1(x)},${n1(y + r * 0.9)} L${n1(x)},${n1(y - r * 0.7)}" stroke="#2f6a35" stroke-width="2"/>`;
    }
  }
  out += foliage;
  out += `<path d="M196,360 L404,360 L378,530 Q300,544 222,530Z" fill="url(#${g})"/>`;
  out += `<path d="M186,350 L414,350 L410,384 L190,384Z" fill="${darken(pot, 0.08)}"/>`;
  out += `<ellipse cx="300" cy="350" rx="114" ry="10" fill="#4a3020"/>`;
  out += `<path d="M220,440 Q300,456 380,440" fill="none" stroke="${lighten(pot, 0.3)}" stroke-width="4" stroke-opacity=".6"/>`;
  return out;
}

function balloon(ctx: Ctx): string {
  const { rng } = ctx;
  const n = intBetween(rng, 3, 6);
  const gx = 300;
  const gy = 500;
  let strings = '';
  let heads = '';
  const spots: Array<{ x: number; y: number; r: number; heart: boolean; c: string }> = [];
  const layouts: Array<Array<[number, number]>> = [
    [[300, 150], [200, 250], [400, 250]],
    [[220, 160], [380, 160], [300, 270], [170, 300]],
    [[300, 130], [190, 200], [410, 200], [250, 300], [370, 300]],
    [[230, 120], [370, 120], [160, 230], [300, 220], [440, 230], [300, 320]],
  ];
  const layout = layouts[n - 3] ?? layouts[0] ?? [];
  layout.forEach(([x, y], i) => {
    spots.push({ x: x + between(rng, -12, 12), y: y + between(rng, -12, 12), r: between(rng, 66, 84), heart: rng() < 0.3, c: colour(ctx, i) });
  });
  spots.sort((p, q) => p.y - q.y);
  for (const s of spots) {
    strings += `<path d="M${n1(s.x)},${n1(s.y + s.r * 1.15)} Q${n1((s.x + gx) / 2 + between(rng, -20, 20))},${n1((s.y + gy) / 2)} ${gx},${gy}" fill="none" stroke="#9a9a9a" stroke-width="2"/>`;
    const light = lighten(s.c, 0.35);
    if (s.heart) {
      const r = s.r;
      heads += `<path d="M${n1(s.x)},${n1(s.y + r)} C${n1(s.x - r * 1.6)},${n1(s.y)} ${n1(s.x - r * 0.9)},${n1(s.y - r * 1.1)} ${n1(s.x)},${n1(s.y - r * 0.45)} C${n1(s.x + r * 0.9)},${n1(s.y - r * 1.1)} ${n1(s.x + r * 1.6)},${n1(s.y)} ${n1(s.x)},${n1(s.y + r)}Z" fill="${s.c}"/>`;
    } else {
      heads += `<ellipse cx="${n1(s.x)}" cy="${n1(s.y)}" rx="${n1(s.r * 0.88)}" ry="${n1(s.r)}" fill="${s.c}"/>`;
      heads += `<path d="M${n1(s.x - 7)},${n1(s.y + s.r + 10)} L${n1(s.x + 7)},${n1(s.y + s.r + 10)} L${n1(s.x)},${n1(s.y + s.r - 2)}Z" fill="${darken(s.c, 0.15)}"/>`;
    }
    heads += `<ellipse cx="${n1(s.x - s.r * 0.32)}" cy="${n1(s.y - s.r * 0.38)}" rx="${n1(s.r * 0.16)}" ry="${n1(s.r * 0.26)}" transform="rotate(30 ${n1(s.x - s.r * 0.32)} ${n1(s.y - s.r * 0.38)})" fill="${light}" fill-opacity=".7"/>`;
  }
  let out = shadow(300, 552, 90, 10) + strings + heads;
  out += giftBox(ctx, 262, 494, 66, 52, colour(ctx, 0), '#ffffff', false);
  return out;
}

function candle(ctx: Ctx): string {
  const { rng } = ctx;
  const style = ART_STYLES.candle[ctx.rngSeed % ART_STYLES.candle.length];
  const glow = def(
    ctx,
    'glow',
    '<radialGradient id="glow"><stop offset="0" stop-color="#ffe9a8" stop-opacity=".75"/><stop offset="1" stop-color="#ffe9a8" stop-opacity="0"/></radialGradient>',
  );
  const flame = (x: number, y: number, s: number) =>
    `<circle cx="${x}" cy="${y - 10 * s}" r="${n1(60 * s)}" fill="url(#${glow})"/>` +
    `<path d="M${x},${n1(y - 38 * s)} C${n1(x + 14 * s)},${n1(y - 18 * s)} ${n1(x + 12 * s)},${y} ${x},${y} C${n1(x - 12 * s)},${y} ${n1(x - 14 * s)},${n1(y - 18 * s)} ${x},${n1(y - 38 * s)}Z" fill="#ffb020"/>` +
    `<path d="M${x},${n1(y - 24 * s)} C${n1(x + 6 * s)},${n1(y - 12 * s)} ${n1(x + 5 * s)},${n1(y - 2 * s)} ${x},${n1(y - 2 * s)} C${n1(x - 5 * s)},${n1(y - 2 * s)} ${n1(x - 6 * s)},${n1(y - 12 * s)} ${x},${n1(y - 24 * s)}Z" fill="#fff4c4"/>` +
    `<path d="M${x},${y} L${x},${n1(y + 10 * s)}" stroke="#333" stroke-width="${n1(3 * s)}"/>`;
  let out = shadow(300, 530, 180, 16);
  if (style === 'pillar') {
    const n = 3;
    const heights = [220, 160, 110];
    out += '<ellipse cx="300" cy="512" rx="190" ry="24" fill="#d9cdb8"/><ellipse cx="300" cy="506" rx="186" ry="20" fill="#efe6d6"/>';
    for (let i = 0; i < n; i++) {
      const x = [300, 190, 410][i] ?? 300;
      const h = (heights[i] ?? 150) + intBetween(rng, -10, 10);
      const w = i === 0 ? 110 : 90;
      const c = colour(ctx, i);
      const g = linear(ctx, `cp${i}`, [
        [0, darken(c, 0.1)],
        [0.4, lighten(c, 0.2)],
        [1, darken(c, 0.18)],
      ]);
      out += `<path d="M${x - w / 2},${500 - h} L${x - w / 2},500 A${w / 2},10 0 0,0 ${x + w / 2},500 L${x + w / 2},${500 - h}Z" fill="url(#${g})"/>`;
      out += `<ellipse cx="${x}" cy="${500 - h}" rx="${w / 2}" ry="10" fill="${lighten(c, 0.3)}"/>`;
      out += flame(x, 490 - h, 1);
    }
    return out;
  }
  const n = intBetween(rng, 1, 2);
  const xs = n === 1 ? [300] : [230, 390];
  xs.forEach((x, i) => {
    const wax = colour(ctx, i === 0 ? 0 : 2);
    const label = colour(ctx, 1);
    const w = n === 1 ? 200 : 150;
    const h = n === 1 ? 230 : 190;
    const top = 520 - h;
    out += `<path d="M${x - w / 2},${top} L${x - w / 2},${508} Q${x - w / 2},520 ${x - w / 2 + 14},520 L${x + w / 2 - 14},520 Q${x + w / 2},520 ${x + w / 2},508 L${x + w / 2},${top}Z" fill="#e8f3f5" fill-opacity=".45" stroke="#ffffff" stroke-opacity=".8" stroke-width="3"/>`;
    out += `<path d="M${x - w / 2 + 6},${top + 40} L${x + w / 2 - 6},${top + 40} L${x + w / 2 - 6},508 Q${x + w / 2 - 6},514 ${x + w / 2 - 14},514 L${x - w / 2 + 14},514 Q${x - w / 2 + 6},514 ${x - w / 2 + 6},508Z" fill="${wax}"/>`;
    out += `<ellipse cx="${x}" cy="${top + 40}" rx="${w / 2 - 6}" ry="10" fill="${lighten(wax, 0.25)}"/>`;
    out += `<path d="M${x - w / 2},${top + 92} L${x + w / 2},${top + 92} L${x + w / 2},${top + 172} L${x - w / 2},${top + 172}Z" fill="${label}"/>`;
    out += `<path d="M${x - w / 4},${top + 122} L${x + w / 4},${top + 122} M${x - w / 6},${top + 142} L${x + w / 6},${top + 142}" stroke="${luminance(label) > 0.5 ? '#555' : '#eee'}" stroke-width="4"/>`;
    out += `<path d="M${x - w / 2 + 12},${top + 10} L${x - w / 2 + 12},${top + 84}" stroke="#fff" stroke-opacity=".7" stroke-width="6" stroke-linecap="round"/>`;
    out += flame(x, top + 32, n === 1 ? 1.1 : 0.9);
  });
  if (n === 1 && rng() < 0.6) {
    out += '<ellipse cx="470" cy="508" rx="62" ry="14" fill="#b88a5a"/><path d="M408,508 L408,490 A62,14 0 0,1 532,490 L532,508Z" fill="#c99a68"/><ellipse cx="470" cy="490" rx="62" ry="14" fill="#d8ad7e"/>';
  }
  return out;
}

/* ----------------------------------------------------------------------------------------------
 * Entry point
 * -------------------------------------------------------------------------------------------- */

const FLOWER_KINDS = new Set<ImageArt['kind']>(['bouquet', 'box', 'vase']);

function scatteredPetals(ctx: Ctx): string {
  const { rng } = ctx;
  if (!ctx.hasFlower || rng() < 0.5) return '';
  let s = '';
  const n = intBetween(rng, 3, 6);
  for (let i = 0; i < n; i++) {
    const x = between(rng, 60, 540);
    const y = between(rng, 545, 585);
    s += `<ellipse cx="${n1(x)}" cy="${n1(y)}" rx="${n1(between(rng, 6, 10))}" ry="${n1(between(rng, 4, 6))}" transform="rotate(${Math.round(rng() * 180)} ${n1(x)} ${n1(y)})" fill="${colour(ctx, i)}" fill-opacity=".85"/>`;
  }
  return s;
}

/**
 * Renders a product picture as an SVG string of the given pixel size. The drawing is made on a
 * 600 × 600 canvas and scaled to cover `width` × `height`.
 *
 * @example
 * renderArtSvg({ kind: 'bear', palette: ['#a0522d', '#c8102e', '#e53950'], background: '#fdf3ec', seed: 11 }, 800, 800);
 */
export function renderArtSvg(art: ImageArt, width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const seed = Math.abs(Math.trunc(Number.isFinite(art.seed) ? art.seed : 0));
  const palette = art.palette.map((c) => safeColour(c, '')).filter((c) => c !== '');
  const background = safeColour(art.background, '#f7f1ec');
  const ctx: Ctx = {
    rng: mulberry32(Math.imul(seed | 0, 0x9e3779b1)),
    rngSeed: seed,
    palette: palette.length > 0 ? palette : ['#c2185b', '#f8bbd0', '#ffffff'],
    background,
    flower: art.flower ?? (FLOWER_KINDS.has(art.kind) ? 'mixed' : 'rose'),
    hasFlower: art.flower !== undefined || FLOWER_KINDS.has(art.kind),
    defs: new Map(),
  };
  let body: string;
  switch (art.kind) {
    case 'bouquet':
      body = bouquet(ctx);
      break;
    case 'box':
      body = box(ctx);
      break;
    case 'vase':
      body = vase(ctx);
      break;
    case 'basket':
      body = basket(ctx);
      break;
    case 'gift':
      body = gift(ctx);
      break;
    case 'cake':
      body = cake(ctx);
      break;
    case 'bottle':
      body = bottle(ctx);
      break;
    case 'bear':
      body = bear(ctx);
      break;
    case 'plant':
      body = plant(ctx);
      break;
    case 'balloon':
      body = balloon(ctx);
      break;
    case 'candle':
      body = candle(ctx);
      break;
  }
  const light = lighten(background, 0.55);
  const floor = darken(background, 0.06);
  const bg =
    `<rect width="600" height="600" fill="${background}"/>` +
    `<circle cx="${300 + Math.round((ctx.rng() - 0.5) * 160)}" cy="230" r="360" fill="url(#bgl)"/>` +
    `<path d="M0,${470 + Math.round(ctx.rng() * 40)} L600,${470 + Math.round(ctx.rng() * 40)} L600,600 L0,600Z" fill="${floor}" fill-opacity=".55"/>`;
  ctx.defs.set(
    'bgl',
    `<radialGradient id="bgl"><stop offset="0" stop-color="${light}" stop-opacity=".9"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>`,
  );
  const petals = scatteredPetals(ctx);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 600 600" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${[...ctx.defs.values()].join('')}</defs>${bg}${petals}${body}</svg>`
  );
}
