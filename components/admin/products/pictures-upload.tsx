/**
 * Adding a picture to a product: the file (a preview shows it square, as the shop will), its alt
 * text, then `POST /admin/api/products/{id}/pictures` as multipart with the upload's progress. A
 * large photo is made smaller in the browser first (at most 2500 px on its shorter side, the
 * largest width the shop shows), so that a phone on a slow network sends one or two megabytes
 * instead of a camera's ten; where the browser cannot redraw it, the original goes and the server
 * makes it smaller.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ALT_MAX_LENGTH, PRODUCT_PICTURE_MAX_BYTES, PRODUCT_PICTURE_MIN_SIDE, type ProductPicture } from '@/lib/contracts/product-pictures';
import { useStaffCall } from '../use-staff-call';
import admin from '../admin.module.css';
import styles from './pictures.module.css';

/** The largest width the shop shows a picture at (lib/server/media/product-images.ts). */
const LARGEST_SIDE = 2500;
const MAX_MB = PRODUCT_PICTURE_MAX_BYTES / 1024 / 1024;

export const FILE_MISSING = 'Choose a picture first';
export const ALT_MISSING = 'Write the alt text: what the picture shows';
export const FILE_TOO_LARGE = `The picture is larger than ${MAX_MB} MB; save it at a smaller size and choose it again`;

/** Formats that may be see-through: redrawn as WebP, which keeps that; the others (photos) as JPEG. */
const MAY_BE_TRANSPARENT = /^image\/(png|webp|avif|gif)$/;

/**
 * The picture at most LARGEST_SIDE px on its shorter side (and a HEIC photo as JPEG, which every
 * server decodes), or the file itself when it is small enough already or the browser cannot redraw it.
 */
export async function smallerPicture(file: File): Promise<Blob> {
  try {
    const heic = /^image\/hei[cf]$/.test(file.type);
    if (typeof createImageBitmap !== 'function') return file;
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, LARGEST_SIDE / Math.min(bitmap.width, bitmap.height));
    if (scale === 1 && !heic) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const type = MAY_BE_TRANSPARENT.test(file.type) ? 'image/webp' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    // A browser that cannot write WebP answers PNG instead, often larger: then the original goes.
    return blob && blob.type === type && (heic || blob.size < file.size) ? blob : file;
  } catch {
    return file;
  }
}

/** A preview address for the chosen file, where the browser can make one. */
function previewOf(file: File | null): string | null {
  try {
    return file ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

const stageText = (stage: 'preparing' | number | null) =>
  stage === null ? 'Upload the picture' : stage === 'preparing' ? 'Preparing the picture…' : stage < 1 ? `Uploading… ${Math.round(stage * 100)}%` : 'Making the sizes…';

type Props = {
  productId: string;
  onAdded: (picture: ProductPicture) => void;
};

export function PicturesUpload({ productId, onAdded }: Props) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** Where an upload is: shrinking the picture, then the share sent (0 to 1), then null again. */
  const [stage, setStage] = useState<'preparing' | number | null>(null);
  // A new key empties the file input after an upload.
  const [inputKey, setInputKey] = useState(0);
  const { busy, error, run } = useStaffCall();

  // The previous preview's address is given back when another file is chosen, and on leaving.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(previewOf(chosen));
    setProblem(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Checked here rather than by the browser's `required`, so that the words are ours on every phone.
    if (!file) return setProblem(FILE_MISSING);
    if (!alt.trim()) return setProblem(ALT_MISSING);
    setProblem(null);
    setStage('preparing');
    const picture = await smallerPicture(file);
    if (picture.size > PRODUCT_PICTURE_MAX_BYTES) {
      setStage(null);
      return setProblem(FILE_TOO_LARGE);
    }
    const form = new FormData();
    form.set('alt', alt.trim());
    form.set('file', picture, file.name || 'picture');
    setStage(0);
    const added = await run((api) => api.staffAddPicture(productId, form, setStage));
    setStage(null);
    if (!added) return;
    onAdded(added);
    choose(null);
    setAlt('');
    setInputKey((k) => k + 1);
  }

  const message = problem ?? error;
  return (
    <form className={`${admin.form} ${styles.upload}`} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className={styles.subtitle}>
        Add a picture
      </h2>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-file`}>
          Picture
        </label>
        <input
          key={inputKey}
          id={`${id}-file`}
          className={admin.input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
          aria-describedby={`${id}-file-hint`}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        <p id={`${id}-file-hint`} className={admin.hint}>
          {`JPEG, PNG, WebP, HEIC or AVIF, up to ${MAX_MB} MB, at least ${PRODUCT_PICTURE_MIN_SIDE} px on its shorter side. The shop shows pictures square: a wider or taller picture is cropped to a square around its most striking part, and never enlarged.`}
        </p>
        {preview && (
          <figure className={styles.preview}>
            <img src={preview} alt="The picture you chose" />
            <figcaption className={admin.hint}>Shown square, as in the shop (the crop keeps the most striking part).</figcaption>
          </figure>
        )}
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-alt`}>
          Alt text
        </label>
        <input id={`${id}-alt`} className={admin.input} maxLength={ALT_MAX_LENGTH} autoComplete="off" aria-describedby={`${id}-alt-hint`} value={alt} onChange={(e) => setAlt(e.target.value)} />
        <p id={`${id}-alt-hint`} className={admin.hint}>
          {`What the picture shows, for shoppers who cannot see it and for search engines, e.g. "Twelve red roses in a kraft wrap". Up to ${ALT_MAX_LENGTH} characters.`}
        </p>
      </div>
      {message && (
        <p className={admin.error} role="alert">
          {message}
        </p>
      )}
      <button type="submit" className={admin.primary} disabled={busy || stage !== null}>
        {stageText(stage)}
      </button>
    </form>
  );
}
