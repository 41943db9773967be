/**
 * A product picture in a square box reserved before it loads (no layout shift), offered at the
 * widths the media route serves from 400 to 2500 so that the browser takes the smallest one that
 * is sharp at the `sizes` width (a phone's card: 400; a phone's main picture: 800; the spec's
 * 800 and 2500 stay the fallback and the largest).
 *
 * `priority` pictures (the page's largest, above the fold) are in the server's HTML with their
 * address, high fetch priority and no async decoding, so they paint in the first frame they
 * can. The others load when they come within 200 px of the viewport: until then the server's
 * HTML has only the reserved box (no `sizes` or `decoding`, which mean nothing without an
 * address) and the `<noscript>` fallback.
 *
 * `widths`: the widths offered (default all of SRCSET_WIDTHS); a product card offers
 * CARD_WIDTHS, as a card is at most a quarter of a desktop screen.
 */
import { useEffect, useRef, useState } from 'react';

export const LAZY_MARGIN = '200px';
export const IMAGE_SIZE_MOBILE = 800;
export const IMAGE_SIZE_DESKTOP = 2500;
/** The widths in every picture's `srcset` (all served by /media/p, lib/server/media/product-images.ts). */
export const SRCSET_WIDTHS = [400, IMAGE_SIZE_MOBILE, 1200, IMAGE_SIZE_DESKTOP] as const;
/** A product card's widths: a phone's card takes 400, a desktop's 800 (at most 25vw, 480 px on a 1920 px screen). */
export const CARD_WIDTHS = [400, IMAGE_SIZE_MOBILE] as const;

type Props = {
  src: string;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
  widths?: readonly number[];
};

export function srcSetFor(src: string, widths: readonly number[] = SRCSET_WIDTHS): string {
  return widths.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}

export function ProductImage({ src, alt, sizes, className, priority = false, widths = SRCSET_WIDTHS }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(priority);

  useEffect(() => {
    if (near) return;
    const img = ref.current;
    if (!img || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_MARGIN },
    );
    observer.observe(img);
    return () => observer.disconnect();
  }, [near]);

  return (
    <>
      <img
        ref={ref}
        className={className}
        sizes={near ? sizes : undefined}
        src={near ? `${src}?w=${IMAGE_SIZE_MOBILE}` : undefined}
        srcSet={near ? srcSetFor(src, widths) : undefined}
        data-src={near ? undefined : src}
        alt={alt}
        width={800}
        height={800}
        decoding={priority || !near ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
      {!near && (
        <noscript>
          <img className={className} src={`${src}?w=${IMAGE_SIZE_MOBILE}`} alt={alt} width={800} height={800} />
        </noscript>
      )}
    </>
  );
}
