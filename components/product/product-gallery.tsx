/** The product's pictures: the chosen one large (the page's hero, loaded first), thumbnails to choose. */
import { useState } from 'react';
import type { ProductImage as Picture } from '@/lib/contracts/catalogue';
import { ProductImage } from '@/components/product/product-image';
import styles from './product-gallery.module.css';

export function ProductGallery({ images, name }: { images: Picture[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return null;
  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        <ProductImage key={current.src} className={styles.image} src={current.src} alt={current.alt} sizes="(max-width: 768px) 100vw, 50vw" priority />
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label={`Pictures of ${name}`}>
          {images.map((image, i) => (
            <li key={image.src}>
              <button type="button" aria-pressed={i === index} aria-label={`Show picture ${i + 1}: ${image.alt}`} onClick={() => setIndex(i)}>
                <img src={`${image.src}?w=200`} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
