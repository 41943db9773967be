/**
 * The product editor (/admin/products/new and /admin/products/{id}): every field of a product in
 * sections, each field's problem right beside it (checked with the shop's own contract before
 * sending, then the server's message put by the field it names), 'Save' in a bar that stays in
 * reach (a new product: `POST /admin/api/products`, then its page; a product: only the fields
 * that changed, `PATCH …/{id}`) with a notice beside it when it is saved, 'Duplicate' (the
 * copy's page) and 'Deactivate' / 'Activate'. lib/api/staff.ts loads with the editor.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { AdminProductDetail, ProductEditorData } from '@/lib/contracts/catalogue-admin';
import { EditorBasics } from './editor-basics';
import { EditorCategories, EditorFilters } from './editor-shop';
import { EditorRelated } from './editor-related';
import { EditorSide } from './editor-side';
import { EditorSizes } from './editor-sizes';
import { blankValues, checkValues, fieldsOf, patchOf, serverError, slugFrom, valuesOf, type EditorValues, type FieldErrors } from './product-form';
import admin from '../admin.module.css';
import styles from './product-editor.module.css';

type Load = { state: 'loading' } | { state: 'ready'; data: ProductEditorData } | { state: 'failed'; message: string };

const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');
const messageOf = (failure: unknown) => (failure instanceof Error && failure.message ? failure.message : 'Something went wrong. Please try again.');

/** A back-office page by a full load (the session cookie's path; see full-load.ts). */
const fullLoad = (path: string) => window.location.assign(path);

/** The fields a value of the form feeds (the rest feed the field of their own name). */
const TOUCHES: Record<string, string[]> = { title: ['name'], subtitle: ['name'], sizes: ['variants', 'price'], hasSizes: ['variants', 'price'], price: ['price', 'variants'] };

type Props = {
  /** The product's id, or null for a new product. */
  id: string | null;
  /** What brought the manager here: the notice shown first. */
  arrived?: 'added' | 'copied' | null;
  /** Goes to another back-office page (a full page load unless told otherwise, e.g. in tests). */
  go?: (path: string) => void;
};

export function ProductEditor({ id, arrived = null, go = fullLoad }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [values, setValues] = useState<EditorValues>(blankValues);
  // The contract's problems (checked again at each change once a save was tried) and the server's.
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const [refused, setRefused] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // What the last save (or the page that sent the manager here) did, shown beside 'Save' until the next change.
  const [notice, setNotice] = useState<string | null>(arrived === 'added' ? 'The product is added. Add its pictures, then activate it when it is ready.' : arrived === 'copied' ? 'This is the copy. It is not sold until you activate it.' : null);
  // A new product's slug follows its title until the manager types one.
  const slugTyped = useRef(false);

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffProductEditor(id ?? 'new'))
      .then(
        (data) => {
          if (!current) return;
          setLoad({ state: 'ready', data });
          if (data.product) setValues(valuesOf(data.product.fields));
        },
        (failure: unknown) => current && setLoad({ state: 'failed', message: messageOf(failure) }),
      );
    return () => {
      current = false;
    };
  }, [id]);

  if (load.state === 'loading') return <p className={styles.muted}>Loading…</p>;
  if (load.state === 'failed') {
    return (
      <p className={admin.error} role="alert">
        {load.message}
      </p>
    );
  }
  const { product, choices } = load.data;
  const patch = product ? patchOf(product, values) : null;
  const dirty = product ? patch !== null : true;

  const errors: FieldErrors = { ...checked, ...refused };
  const change = (next: Partial<EditorValues>) => {
    const merged = { ...values, ...next };
    if (!product && !slugTyped.current && next.title !== undefined) merged.slug = slugFrom(next.title);
    setValues(merged);
    setNotice(null);
    if (checked) setChecked(checkValues(merged));
    // The server's message goes once its field changes.
    const touched = new Set(Object.keys(next).flatMap((key) => TOUCHES[key] ?? [key]));
    setRefused((r) => Object.fromEntries(Object.entries(r).filter(([key]) => key !== '' && !touched.has(key.split('.')[0]!))));
  };
  const reset = (to: EditorValues) => {
    setValues(to);
    setChecked(null);
    setRefused({});
  };
  const accepted = (after: AdminProductDetail, message: string) => {
    setLoad({ state: 'ready', data: { product: after, choices } });
    reset(valuesOf(after.fields));
    setNotice(message);
  };

  /** Runs a call; a refusal goes by the field it names (or above the buttons). */
  async function attempt<T>(call: (api: typeof StaffCalls) => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setNotice(null);
    try {
      return await call(await calls());
    } catch (failure) {
      setRefused(serverError(messageOf(failure)));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const problems = checkValues(values);
    setChecked(problems);
    setRefused({});
    setNotice(null);
    if (Object.keys(problems).length > 0) return;
    if (!product) {
      const added = await attempt((api) => api.staffCreateProduct(fieldsOf(values)));
      if (added) go(`/admin/products/${added.product.id}?added=1`);
      return;
    }
    if (!patch) return;
    const answer = await attempt((api) => api.staffEditProduct(product.id, patch));
    if (answer) accepted(answer.product, answer.message);
  }
  async function duplicate() {
    if (!product) return;
    const copy = await attempt((api) => api.staffDuplicateProduct(product.id));
    if (copy) go(`/admin/products/${copy.product.id}?copied=1`);
  }
  async function setActive(active: boolean) {
    if (!product) return;
    const answer = await attempt((api) => api.staffEditProduct(product.id, { active }));
    if (answer) accepted(answer.product, active ? `${answer.product.name} is sold in the shop again` : `${answer.product.name} is no longer sold in the shop`);
  }

  const problems = Object.keys(errors).length;
  return (
    <form className={styles.editor} onSubmit={(e) => void save(e)} noValidate aria-labelledby="editor-title">
      <div className={styles.head}>
        <p className={styles.back}>
          <a href="/admin/products">← All products</a>
        </p>
        <h1 className={styles.title} id="editor-title">
          {product ? product.name : 'New product'}
        </h1>
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          <EditorBasics values={values} errors={errors} savedSlug={product?.slug ?? null} onChange={change} onSlugTyped={() => (slugTyped.current = true)} />
          <EditorSizes values={values} errors={errors} onChange={change} />
          <EditorCategories values={values} errors={errors} choices={choices} onChange={change} />
          <EditorFilters values={values} errors={errors} choices={choices} onChange={change} />
          <EditorRelated values={values} errors={errors} selfSlug={product?.slug ?? null} onChange={change} />
        </div>
        <EditorSide product={product} values={values} dirty={dirty && product !== null} busy={busy} onChange={change} onDuplicate={() => void duplicate()} onActive={(a) => void setActive(a)} />
      </div>
      <div className={styles.saveBar}>
        {errors[''] ? (
          <p className={admin.error} role="alert">
            {errors['']}
          </p>
        ) : (
          problems > 0 && (
            <p className={admin.error} role="alert">
              {problems === 1 ? 'One field needs a change: see the message beside it.' : `${problems} fields need a change: see the messages beside them.`}
            </p>
          )
        )}
        <div className={styles.saveButtons}>
          <button type="submit" className={admin.primary} disabled={busy || !dirty}>
            {busy ? 'Saving…' : product ? 'Save' : 'Add the product'}
          </button>
          {product && dirty && (
            <button
              type="button"
              className={admin.secondary}
              disabled={busy}
              onClick={() => reset(valuesOf(product.fields))}
            >
              Undo changes
            </button>
          )}
          {notice ? (
            <p className={styles.saved} role="status">
              {notice}
            </p>
          ) : (
            product && !dirty && <span className={styles.muted}>No unsaved changes</span>
          )}
        </div>
      </div>
    </form>
  );
}
