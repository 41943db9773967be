/**
 * A product picture at the spec's widths (800 on phones, 2500 on larger screens) in a square
 * box reserved before it loads (no layout shift). `priority` pictures load at once with high
 * fetch priority; the others load when they come within 200 px of the viewport.
 */
import { useEffect, useRef, useState } from 'react';

export const LAZY_MARGIN = '200px';
export const IMAGE_SIZE_MOBILE = 800;
export const IMAGE_SIZE_DESKTOP = 2500;

type Props = {
  src: string;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
};

export function srcSetFor(src: string): string {
  return `${src}?w=${IMAGE_SIZE_MOBILE} ${IMAGE_SIZE_MOBILE}w, ${src}?w=${IMAGE_SIZE_DESKTOP} ${IMAGE_SIZE_DESKTOP}w`;
}

export function ProductImage({ src, alt, sizes, className, priority = false }: Props) {
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
        src={near ? `${src}?w=${IMAGE_SIZE_MOBILE}` : undefined}
        srcSet={near ? srcSetFor(src) : undefined}
        data-src={near ? undefined : src}
        sizes={sizes}
        alt={alt}
        width={800}
        height={800}
        decoding="async"
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
