/**
 * The shop's navigation (spec section 2): main menu groups with their links and the featured
 * group each dropdown shows, and the footer's link columns.
 */
import { shopByHref } from '@/lib/domain/shop-by';
import type { NavGroup, NavLink, NavMenu } from '@/lib/contracts/shell';

const category = (slug: string) => `/product-category/${slug}`;

export const MAIN_MENU: NavMenu[] = [
  {
    label: 'Occasions',
    href: category('anniversary-flowers'),
    featuredGroup: 'occasion',
    groups: [
      { label: 'Birthday', links: [{ label: 'Birthday Flowers', href: category('birthday-flowers') }, { label: 'Birthday Cakes', href: category('cakes-and-cupcakes') }, { label: 'Balloons', href: category('balloons') }] },
      {
        label: 'Romance/Sorry/Thanks/Get Well',
        links: [
          { label: "Valentine's Day", href: category('valentines-day-flowers') },
          { label: 'Thanks, Sorry & More', href: category('flowers-to-say-thanks-sorry-etc') },
          { label: 'Get Well Soon', href: category('get-well-soon') },
        ],
      },
      { label: 'Anniversary', links: [{ label: 'Anniversary Flowers', href: category('anniversary-flowers') }, { label: 'Forever Roses', href: category('forever-roses-preserved-roses') }] },
      {
        label: 'Bridal',
        links: [
          { label: 'Bridal Bouquets', href: category('bridal-bouquets') },
          { label: 'Cascading Bouquets', href: category('cascading-bridal-bouquets') },
          { label: 'Boutonnieres & Corsages', href: category('accessories-boutonnieres-bridesmaids-flowers-corsages') },
        ],
      },
      {
        label: 'Funeral & Condolence',
        links: [
          { label: 'Funeral & Condolence', href: category('funeral-and-condolence') },
          { label: 'Condolence Flowers', href: category('funeral-condolence-flowers') },
        ],
      },
      { label: 'Others', links: [{ label: 'Event Centerpieces', href: category('event-centerpiece') }, { label: 'All Products', href: category('all') }] },
    ],
  },
  {
    label: 'Shop By',
    href: shopByHref('same day delivery'),
    featuredGroup: 'product',
    groups: [
      {
        label: 'Design',
        links: [
          { label: 'Wrapped Bouquets', href: shopByHref('wrapped bouquet') },
          { label: 'Box Arrangements', href: shopByHref('box arrangements') },
          { label: 'Bouquets', href: shopByHref('bouquets') },
          { label: 'Others', href: shopByHref('others') },
        ],
      },
      { label: 'Flower Types', links: [{ label: 'Fresh Flowers', href: shopByHref('fresh flowers') }, { label: 'Forever Roses', href: shopByHref('forever roses') }] },
      { label: 'Packages', links: [{ label: 'Bundled Packages', href: shopByHref('bundled products') }, { label: 'Product Packages', href: category('product-packages') }] },
      { label: 'Delivery', links: [{ label: 'Same-Day Delivery', href: shopByHref('same day delivery') }] },
      {
        label: 'Flower Name',
        links: [
          { label: 'Roses', href: category('roses') },
          { label: 'Chrysanthemums', href: category('chrysanthemums') },
          { label: 'Lilies', href: category('lilies') },
          { label: 'Million Stars', href: category('million-stars') },
          { label: 'Gerberas', href: category('gerbera-flowers') },
          { label: 'Carnations', href: category('carnations') },
        ],
      },
    ],
  },
  { label: 'VIP Flowers', href: '/vip-flowers' },
  {
    label: 'Gifts',
    href: category('gifts'),
    featuredGroup: 'gift',
    groups: [
      {
        label: 'Gifts',
        links: [
          { label: 'Chocolates & Biscuits', href: category('chocolates-and-biscuits') },
          { label: 'Wine & Champagne', href: category('wine-and-champagne') },
          { label: 'Cakes & Cupcakes', href: category('cakes-and-cupcakes') },
          { label: 'Teddy Bears', href: category('teddy-bears') },
          { label: 'Perfumes', href: category('perfumes') },
          { label: 'Balloons', href: category('balloons') },
          { label: 'Scented Candles', href: category('scented-candles') },
          { label: 'Gift Sets', href: category('gift-sets') },
          { label: 'All Gifts', href: category('gifts') },
        ],
      },
    ],
  },
  { label: 'Plants', href: category('indoor-plants-and-cactus') },
  { label: 'FAQ', href: '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja' },
  { label: 'Contact', href: '/contact' },
  { label: 'Track', href: '/order-tracker' },
];

export const FOOTER_COLUMNS: NavGroup[] = [
  {
    label: 'About',
    links: [
      { label: 'How to buy (FAQ)', href: '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja' },
      { label: 'Contact us', href: '/contact' },
      { label: 'Blog', href: '/blog' },
      { label: 'Track your order', href: '/order-tracker' },
    ],
  },
  {
    label: 'Shop by Occasion',
    links: [
      { label: 'Anniversary', href: category('anniversary-flowers') },
      { label: 'Birthday', href: category('birthday-flowers') },
      { label: "Valentine's Day", href: category('valentines-day-flowers') },
      { label: 'Get Well Soon', href: category('get-well-soon') },
      { label: 'Bridal', href: category('bridal-bouquets') },
      { label: 'Funeral & Condolence', href: category('funeral-and-condolence') },
    ],
  },
  {
    label: 'Others',
    links: [
      { label: 'VIP Flowers', href: '/vip-flowers' },
      { label: 'Gifts', href: category('gifts') },
      { label: 'Indoor Plants', href: category('indoor-plants-and-cactus') },
      { label: 'Same-Day Delivery', href: shopByHref('same day delivery') },
      { label: 'All Products', href: category('all') },
    ],
  },
];

export const LEGAL_LINKS: NavLink[] = [
  { label: 'Terms', href: '/legal-terms' },
  { label: 'Privacy', href: '/privacy-statement' },
];

export const SOCIAL_LINKS: NavLink[] = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X', href: 'https://x.com/' },
];

/** The navigation sent with every page's shell. */
export const NAVIGATION = { main: MAIN_MENU, footer: FOOTER_COLUMNS, legal: LEGAL_LINKS, social: SOCIAL_LINKS };
