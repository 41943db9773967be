/**
 * A product's pictures in the back office (issue 14): the list (`GET /admin/api/products/{id}/pictures`),
 * an upload (`POST`, multipart: `file` and `alt`), a new alt text (`PATCH …/pictures/{pictureId}`),
 * a removal (`DELETE …/pictures/{pictureId}`) and a new order (`PUT …/pictures/order`). Shared by
 * the routes, the service and the browser's client (lib/api/staff.ts).
 */
import { z } from 'zod';
import { singleLine, strictObject } from '@/lib/contracts/text';

/** The largest picture file accepted, in bytes (a camera's full-size JPEG is 2–8 MB). */
export const PRODUCT_PICTURE_MAX_BYTES = 15 * 1024 * 1024;
/**
 * The shortest side a picture may have, in pixels: the storefront shows pictures square, 800 px
 * wide on a phone; below 400 px a picture would look blurred even in a product card.
 */
export const PRODUCT_PICTURE_MIN_SIDE = 400;
/** The most pictures one product may have (the product page shows them all). */
export const MAX_PICTURES_PER_PRODUCT = 20;
export const ALT_MAX_LENGTH = 200;

/** The alt text: what the picture shows, for shoppers who cannot see it (and search engines). */
export const altText = z.string({ message: 'alt is required: describe what the picture shows' }).pipe(singleLine(ALT_MAX_LENGTH).min(1, 'alt is required: describe what the picture shows'));

/** An upload without its file. */
export const PICTURE_FILE_MISSING = 'file is required: choose a picture to upload';

/** The text fields of an upload (the file travels beside them as `file`). */
export const pictureUploadFields = strictObject({ alt: altText });

/** `PATCH …/pictures/{pictureId}`: a new alt text. */
export const pictureAltBody = strictObject({ alt: altText });
export type PictureAltBody = z.input<typeof pictureAltBody>;

/** A picture id as the list gives it (a UUID, any version). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pictureId = z.string({ message: 'must be a picture id' }).regex(UUID, 'must be a picture id');

/** `PUT …/pictures/order`: every picture of the product, each once, first picture first. */
export const pictureOrderBody = strictObject({
  pictureIds: z
    .array(pictureId, { message: 'pictureIds must list the picture ids in their new order' })
    .min(1, 'pictureIds must list the picture ids in their new order')
    .max(MAX_PICTURES_PER_PRODUCT, `pictureIds must list at most ${MAX_PICTURES_PER_PRODUCT} pictures`)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'pictureIds must name each picture once' }),
});
export type PictureOrderBody = z.input<typeof pictureOrderBody>;

/** A picture as the back office shows it. */
export type ProductPicture = {
  id: string;
  /** The storefront's address of the picture (`/media/p/{id}.webp`; add `?w=` for a width). */
  src: string;
  alt: string;
  /** 0 for the first picture: the one on product cards and at the top of the product page. */
  position: number;
  /** true for an uploaded picture, false for one of the seed's drawn samples. */
  uploaded: boolean;
};

/** A product's pictures, first first, with the product they belong to. */
export type ProductPictures = {
  product: { id: string; name: string; slug: string };
  pictures: ProductPicture[];
};
