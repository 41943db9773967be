/**
 * The shop's blog posts, newest first, with the helpers the blog pages use (date format,
 * reading time, BlogPosting JSON-LD). The sitemap reads `BLOG_POSTS` slugs and dates: keep the
 * shape. Fees and cut-off times in a post are as of its date; the FAQ quotes the live settings.
 */
import type { NavLink } from '@/lib/contracts/shell';

export type BlogSection = { heading?: string; paragraphs: string[] };

export type BlogPost = {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  publishedAt: string;
  author: string;
  body: BlogSection[];
  /** Shopping links shown after the post. */
  related?: NavLink[];
};

const category = (slug: string) => `/product-category/${slug}`;

export const BLOG_POSTS: BlogPost[] = [
  {
    slug: 'what-the-colours-of-roses-mean',
    title: 'What the colours of roses mean, and which to send',
    description: 'Red, pink, white, yellow, orange or lavender: what each rose colour says, how many roses to send, and which suit weddings, birthdays and condolences.',
    publishedAt: '2026-11-03',
    author: 'Lagos studio team',
    body: [
      {
        paragraphs: [
          'Roses are the flower our customers ask for most, in Lagos and in Abuja, all year round. They are also the flower people worry about most: is red too much for a first date? Is yellow rude? Can you send roses to a funeral? Colours have carried meanings for a long time, and while nobody will hold you to a dictionary, knowing the usual readings helps you send exactly the message you mean.',
        ],
      },
      {
        heading: 'Red: love, plainly said',
        paragraphs: [
          'Red roses mean romantic love, and everyone reads them that way. They are right for a partner, a spouse or an anniversary, and they are the flower of Valentine’s Day. For a colleague, a friend or your mother’s birthday, choose another colour unless you want to start a conversation. Deep red, almost burgundy, reads as passion and commitment; bright red as celebration.',
        ],
      },
      {
        heading: 'Pink: admiration, thanks and gentleness',
        paragraphs: [
          'Pink is the most versatile rose. Hot pink says admiration and joy, light pink says gentleness and gratitude. Pink roses suit mothers, sisters, friends, new mothers and anyone you want to thank. If you are unsure, pink is rarely wrong, and a mix of pinks looks generous without being romantic.',
        ],
      },
      {
        heading: 'White: new beginnings and remembrance',
        paragraphs: [
          'White roses stand for purity and new beginnings, which is why they fill bridal bouquets and wedding tables. They also stand for respect and remembrance, so they are one of the most fitting flowers for condolence. For a bereaved family, white roses alone or with white lilies and chrysanthemums say that you are thinking of them, quietly.',
        ],
      },
      {
        heading: 'Yellow, orange and lavender',
        paragraphs: [
          'Yellow roses mean friendship and cheer. They are the right choice for a friend’s birthday, a promotion, a new home or someone recovering from an illness. Orange roses carry energy and enthusiasm, good for congratulations and a bold birthday bouquet. Lavender and purple roses suggest enchantment and fascination, often chosen for a new romance that is not yet ready for red.',
        ],
      },
      {
        heading: 'How many roses?',
        paragraphs: [
          'Numbers have their own folklore. A single rose says “you are the one”; a dozen is the classic declaration of love; two dozen or more turns the gesture into an event. Fifty and a hundred-rose arrangements are for milestones such as a proposal, a big anniversary or a fortieth birthday, and they usually come as a VIP arrangement or in a box.',
          'Mixing colours changes the message. Red and white together are often read as unity, which makes them popular for weddings and anniversaries. Pink and white are soft and suit a new baby. Yellow and orange are pure celebration.',
        ],
      },
      {
        heading: 'Fresh or forever?',
        paragraphs: [
          'Fresh roses last about a week with good care. Preserved, or forever, roses are real roses treated to keep their colour and shape for a year or more without water, which makes them a good keepsake for an anniversary or for someone who travels often. Whichever you choose, the colour guide above holds.',
        ],
      },
    ],
    related: [
      { label: 'Roses', href: category('roses') },
      { label: 'Forever roses', href: category('forever-roses-preserved-roses') },
      { label: 'Anniversary flowers', href: category('anniversary-flowers') },
    ],
  },
  {
    slug: 'same-day-flower-delivery-in-abuja-how-it-works',
    title: 'Same-day flower delivery in Abuja: how it works',
    description: 'How same-day flower delivery works in Abuja: the cut-off, zones and fees from Wuse to Kubwa, what happens after you pay, and how to avoid a failed delivery.',
    publishedAt: '2026-10-07',
    author: 'Abuja studio team',
    body: [
      {
        paragraphs: [
          'Our Abuja branch prepares and delivers flowers across the Federal Capital Territory every day of the year. Same-day delivery is what most customers need: a birthday remembered at breakfast, a colleague’s promotion announced at noon, a hospital visit planned for the evening. Here is what happens between your order and the knock on the door, and how to make sure it goes smoothly.',
        ],
      },
      {
        heading: 'Order before the cut-off',
        paragraphs: [
          'Orders paid before the same-day cut-off (4pm Lagos time when this was written; the current time is always in our FAQ) are delivered the same day. The shop is open 24/7 online, so you can order at night for delivery the next morning, or weeks ahead for a wedding or an anniversary. In the cart, set the delivery date before you check out; checkout will show the fee for that date.',
        ],
      },
      {
        heading: 'Zones and fees',
        paragraphs: [
          'Abuja is split into two delivery zones. The central zone covers Wuse, Maitama, Jabi, Garki, Asokoro and the districts around them; when this post was written, delivery there cost ₦3,500, and it was free for orders above ₦100,000. The outer zone covers places such as Bwari, Suleja, Lugbe and Kubwa, at ₦6,000.',
          'If you do not know the exact address, choose “not sure of the address, call the recipient” at checkout. We phone the recipient for directions, and the delivery is charged as an outer zone. On peak days (Valentine’s Day, Christmas and New Year) fees are higher, because we put extra riders on the road.',
        ],
      },
      {
        heading: 'What happens after you pay',
        paragraphs: [
          'Your order reaches our Abuja florists straight away. They choose the stems, make up the arrangement and write your card, and a senior florist inspects it before it leaves. The order then moves to “despatched” and “out for delivery”; you can follow each step on the order tracker with your order number. When the flowers are handed over, we mark the order delivered and let you know.',
          'If a flower in your design is short that day, the florist replaces it with a similar flower of the same colour and equal or higher value, so the arrangement looks the way you expect.',
        ],
      },
      {
        heading: 'Getting the address right',
        paragraphs: [
          'Most failed deliveries in Abuja come down to access. Estates and government offices often have gate security, hospitals have visiting rules, and many offices close to visitors in the late afternoon. Give the full address with a landmark, the recipient’s working phone number, and anything the rider should know in the delivery instructions, such as a gate name, a floor or the time the recipient leaves work.',
          'If the recipient cannot be reached or the rider is refused entry, we call you to sort it out. A second attempt on another trip needs another delivery fee, so a minute spent checking the details saves money.',
        ],
      },
      {
        heading: 'Prefer to collect?',
        paragraphs: [
          'You can also choose pick-up at checkout and collect from our Abuja branch with your order number. There is no delivery fee, and the flowers are ready on the date you choose.',
        ],
      },
    ],
    related: [
      { label: 'Same-day delivery flowers', href: '/filters?shopBy=same+day+delivery' },
      { label: 'Birthday flowers', href: category('birthday-flowers') },
      { label: 'Get well soon', href: category('get-well-soon') },
    ],
  },
  {
    slug: 'caring-for-fresh-flowers-in-nigerian-heat',
    title: 'Caring for your fresh flowers in Nigerian heat',
    description: 'Keep a bouquet fresh for a week or more in Lagos and Abuja: water, stems, light, power cuts, harmattan dust, rainy-season damp and what each flower needs.',
    publishedAt: '2026-09-18',
    author: 'Lagos studio team',
    body: [
      {
        paragraphs: [
          'Heat is the enemy of cut flowers. A bouquet that lasts two weeks in a cool European kitchen can droop in four days on a sunny Lagos windowsill. The good news is that a few minutes of care every other day makes a real difference, and none of it needs special equipment.',
        ],
      },
      {
        heading: 'The first hour',
        paragraphs: [
          'Unwrap the flowers as soon as they arrive, but keep any box arrangement as it is: its floral foam is the water supply. For a wrapped bouquet, fill a clean vase with cool water, then cut about two centimetres off each stem at an angle with a sharp knife or scissors. A fresh cut opens the stem to water; a crushed or dried one cannot drink.',
          'Strip every leaf that would sit below the water line. Leaves in water rot within a day in our climate, and the bacteria they feed block the stems. If the bouquet came with a sachet of flower food, stir it in.',
        ],
      },
      {
        heading: 'Water every day or two',
        paragraphs: [
          'Warm water breeds bacteria fast. Change it completely every one or two days, rinse the vase, and recut the stems a little each time. For box arrangements and hat boxes, pour a small cup of water slowly into the foam every day until it is dark and heavy again; foam that has dried out will not take water back easily.',
        ],
      },
      {
        heading: 'Find the coolest spot',
        paragraphs: [
          'Keep flowers out of direct sun and away from windows that catch the afternoon heat, cooking smoke and the generator’s exhaust. An air-conditioned room is ideal, but not in the direct blast of the unit, which dries petals. During a power cut, move the vase to the coolest room in the house for the night. Keep flowers away from the fruit bowl too: ripening fruit gives off a gas that makes flowers age faster.',
        ],
      },
      {
        heading: 'Harmattan and rainy season',
        paragraphs: [
          'From November to February the harmattan brings dry, dusty air, especially in Abuja. Petals lose moisture quickly, so a light mist of clean water in the morning helps, and the vase needs topping up more often. In the rainy season the air is heavy and damp; here the risk is mould, so give the bouquet space, remove any soft or browning petals and do not mist.',
        ],
      },
      {
        heading: 'Flower by flower',
        paragraphs: [
          'Roses: if a head droops, recut the stem under running water and stand it in deep cool water for an hour; it often recovers. Lilies: pull out the orange pollen anthers as the buds open, because pollen stains clothes and tablecloths. Gerberas: use only a few centimetres of water, as their stems rot when they stand deep. Chrysanthemums and carnations are the hardiest of all and often last ten days or more. Million stars dry beautifully: hang them upside down when the bouquet is finished and keep them.',
          'With this care most of our arrangements last a week, many longer. And when you want flowers that do not need any of it, preserved roses keep their colour for a year or more.',
        ],
      },
    ],
    related: [
      { label: 'Chrysanthemums', href: category('chrysanthemums') },
      { label: 'Lilies', href: category('lilies') },
      { label: 'Forever roses', href: category('forever-roses-preserved-roses') },
    ],
  },
  {
    slug: 'how-to-choose-flowers-for-every-occasion-in-lagos',
    title: 'How to choose flowers for every occasion in Lagos',
    description: 'Birthdays, anniversaries, hospital visits, condolences, weddings and office thank-yous: which flowers, colours and sizes suit each occasion in Lagos.',
    publishedAt: '2026-08-12',
    author: 'Lagos studio team',
    body: [
      {
        paragraphs: [
          'Lagos celebrates loudly and often, and flowers are part of it: on office desks in Victoria Island, at owambe parties in Surulere, beside hospital beds in Ikeja. Choosing the right arrangement is less about rules than about fit. Here is how our florists think about the occasions we deliver for most.',
        ],
      },
      {
        heading: 'Birthdays',
        paragraphs: [
          'Birthday flowers should look cheerful. Bright mixed bouquets with gerberas, roses and chrysanthemums in pinks, oranges and yellows suit almost anyone. For a partner, red or deep pink roses make it personal. Birthdays are also where gifts add most: a cake, balloons or a bottle of wine turns a bouquet into a celebration, and a box arrangement is easier for the recipient to carry around the office all day.',
        ],
      },
      {
        heading: 'Anniversaries and romance',
        paragraphs: [
          'Roses lead here, usually red, sometimes red with white. Size matters more than for most occasions: a milestone anniversary deserves a statement piece, and many customers choose a large box of roses or one of our VIP arrangements. For “just because” or an apology, a smaller hand-tied bouquet with a heartfelt card often says more than a grand display.',
        ],
      },
      {
        heading: 'Get well soon',
        paragraphs: [
          'Hospital rooms in Lagos are small and busy, so choose a compact arrangement that stands on its own, such as a small box or a bouquet in a vase. Avoid strongly scented flowers; lilies in particular can overwhelm a shared ward. Soft colours, yellows and light pinks feel fresh and hopeful. Check whether the hospital accepts flowers before ordering, and give the ward or room number in the delivery instructions.',
        ],
      },
      {
        heading: 'Condolence and funerals',
        paragraphs: [
          'White and cream flowers are the traditional choice: lilies, roses and chrysanthemums, arranged simply. For the family home during the condolence visits, a standing arrangement or a generous vase works well; for the funeral service itself, a wreath or a spray. Keep the card short and sincere. If you are unsure of the family’s customs, white flowers without bright accents are respectful everywhere.',
        ],
      },
      {
        heading: 'Weddings and events',
        paragraphs: [
          'Bridal bouquets are best planned weeks ahead with the bride’s colours and fabric in mind; cascading bouquets suit grand church and hall weddings, while a compact round bouquet is easier to hold through a long reception. Remember boutonnieres for the groom and his friends, corsages for the mothers, and centrepieces that do not block the view across the table.',
        ],
      },
      {
        heading: 'Thank-yous and the office',
        paragraphs: [
          'For a client, a boss or a team, choose something elegant and easy to keep: a box arrangement or a potted plant stays fresh on a desk for days. Pair it with chocolates or biscuits that can be shared. Order for the morning so that the gift arrives while everyone is in the office.',
          'Whatever the occasion, the card matters as much as the flowers. Write it the way you would say it, sign it, and let the flowers do the rest.',
        ],
      },
    ],
    related: [
      { label: 'Birthday flowers', href: category('birthday-flowers') },
      { label: 'Get well soon', href: category('get-well-soon') },
      { label: 'Funeral and condolence', href: category('funeral-and-condolence') },
      { label: 'Bridal bouquets', href: category('bridal-bouquets') },
      { label: 'Indoor plants', href: category('indoor-plants-and-cactus') },
    ],
  },
];

/** The post with a slug, if any. */
export function findPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A YYYY-MM-DD date as shown on the blog; the same on the server and in every browser.
 * @example formatPostDate('2026-08-12') // '12 August 2026'
 */
export function formatPostDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** The number of words of a post's text. */
export function wordCount(post: BlogPost): number {
  return post.body.flatMap((s) => [s.heading ?? '', ...s.paragraphs]).join(' ').split(/\s+/).filter(Boolean).length;
}

/**
 * Minutes to read a post at about 200 words a minute, at least one.
 * @example readingMinutes(post) // 3
 */
export function readingMinutes(post: BlogPost): number {
  return Math.max(1, Math.round(wordCount(post) / 200));
}

/** schema.org BlogPosting for a post. */
export function blogPostingJsonLd(post: BlogPost, siteUrl: string, brandName: string): object {
  const url = `${siteUrl}/blog/${post.slug}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': url,
    mainEntityOfPage: url,
    url,
    headline: post.title,
    description: post.description,
    datePublished: post.publishedAt,
    dateModified: post.publishedAt,
    inLanguage: 'en-NG',
    wordCount: wordCount(post),
    image: `${siteUrl}/favicon.svg`,
    author: { '@type': 'Organization', name: `${brandName} ${post.author}` },
    publisher: { '@type': 'Organization', name: brandName, url: siteUrl, logo: { '@type': 'ImageObject', url: `${siteUrl}/favicon.svg` } },
  };
}

/** What a post card shows; pages send this, not whole posts, to the browser. */
export type PostSummary = Pick<BlogPost, 'slug' | 'title' | 'description' | 'publishedAt'> & { minutes: number };

export function postSummary(post: BlogPost): PostSummary {
  return { slug: post.slug, title: post.title, description: post.description, publishedAt: post.publishedAt, minutes: readingMinutes(post) };
}
