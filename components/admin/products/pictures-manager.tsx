/**
 * /admin/products/{id}/pictures: a product's pictures as a grid, first first (the first is the
 * one on product cards and at the top of the product page), and the form that adds one. Every
 * change goes to the server at once and the grid shows its answer; what happened is said in one
 * status line (read out by screen readers). lib/api/staff.ts loads with the page.
 */
import { useEffect, useRef, useState } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { ProductPicture, ProductPictures } from '@/lib/contracts/product-pictures';
import { PicturesCard, type MoveButton } from './pictures-card';
import { PicturesUpload } from './pictures-upload';
import { useStaffCall } from '../use-staff-call';
import admin from '../admin.module.css';
import styles from './pictures.module.css';

type Load = { state: 'loading' } | { state: 'ready'; data: ProductPictures } | { state: 'failed'; message: string };

const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

/** The ids in their order with `picture` moved one place towards `to`. */
export function movedOrder(pictures: ProductPicture[], picture: ProductPicture, to: MoveButton): string[] {
  const ids = pictures.map((p) => p.id);
  const from = ids.indexOf(picture.id);
  const target = to === 'earlier' ? from - 1 : from + 1;
  if (from < 0 || target < 0 || target >= ids.length) return ids;
  [ids[from], ids[target]] = [ids[target]!, ids[from]!];
  return ids;
}

export function PicturesManager({ productId }: { productId: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState('');
  const [focus, setFocus] = useState<{ id: string; to: MoveButton; n: number } | null>(null);
  const moves = useStaffCall();
  // After a removal the focus, whose card is gone, goes to the status line that says what happened.
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffPictures(productId))
      .then(
        (data) => current && setLoad({ state: 'ready', data }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The pictures could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, [productId]);

  if (load.state === 'loading') return <p className={styles.muted}>Loading…</p>;
  if (load.state === 'failed') {
    return (
      <>
        <p className={admin.error} role="alert">
          {load.message}
        </p>
        <p>
          <a href="/admin/products">Back to the products</a>
        </p>
      </>
    );
  }

  const { product, pictures } = load.data;
  const show = (next: ProductPicture[]) => setLoad({ state: 'ready', data: { product, pictures: next } });

  async function move(picture: ProductPicture, to: MoveButton) {
    setNotice('');
    const order = movedOrder(pictures, picture, to);
    const answer = await moves.run((api) => api.staffOrderPictures(productId, order));
    setFocus((f) => ({ id: picture.id, to, n: (f?.n ?? 0) + 1 }));
    if (!answer) return;
    show(answer);
    const place = answer.findIndex((p) => p.id === picture.id) + 1;
    setNotice(`Moved: "${picture.alt}" is now picture ${place} of ${answer.length}.`);
  }

  return (
    <>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>Pictures</h1>
          <p className={styles.product}>{product.name}</p>
        </div>
        <nav className={styles.links} aria-label="This product">
          <a href={`/admin/products/${encodeURIComponent(product.id)}`}>Back to the product</a>
          <a href={`/product/${encodeURIComponent(product.slug)}`}>See it in the shop</a>
        </nav>
      </div>
      <p ref={status} className={styles.status} role="status" tabIndex={-1}>
        {notice}
      </p>
      {moves.error && (
        <p className={admin.error} role="alert">
          {moves.error}
        </p>
      )}
      <div className={styles.layout}>
        <section aria-label="Pictures of the product" className={styles.pictures}>
          {pictures.length === 0 ? (
            <p className={styles.empty}>No pictures yet: the shop shows this product without one. Add the first below.</p>
          ) : (
            <ol className={styles.grid}>
              {pictures.map((picture) => (
                <PicturesCard
                  key={picture.id}
                  productId={productId}
                  picture={picture}
                  count={pictures.length}
                  moving={moves.busy}
                  focus={focus?.id === picture.id ? focus : null}
                  onMove={(p, to) => void move(p, to)}
                  onAltSaved={(saved, message) => {
                    show(pictures.map((p) => (p.id === saved.id ? saved : p)));
                    setNotice(message === 'Nothing to change' ? message : `${message}: "${saved.alt}".`);
                  }}
                  onRemoved={(left, removed) => {
                    show(left);
                    setNotice(`Removed: "${removed.alt}". ${left.length === 1 ? '1 picture is' : `${left.length} pictures are`} left.`);
                    status.current?.focus();
                  }}
                />
              ))}
            </ol>
          )}
        </section>
        <PicturesUpload
          productId={productId}
          onAdded={(added) => {
            show([...pictures, added]);
            const place = added.position + 1;
            setNotice(place === 1 ? `Added: "${added.alt}" is the first picture.` : `Added: "${added.alt}" is picture ${place} of ${pictures.length + 1}. Move it earlier to show it sooner.`);
          }}
        />
      </div>
    </>
  );
}
