/**
 * The product pictures page (/admin/products/{id}/pictures): the pictures as cards, first first,
 * with their alt text; 'Move earlier' / 'Move later' send the whole new order and keep the focus
 * on the moved picture's button; the alt text is changed in the card; removing asks first; the
 * upload form checks for a file and alt text, then posts both as multipart and shows the new
 * picture last. The server's refusals show where they happened.
 */
import { File as NodeFile } from 'node:buffer';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PicturesManager, movedOrder } from '@/components/admin/products/pictures-manager';
import { ALT_MISSING, FILE_MISSING } from '@/components/admin/products/pictures-upload';
import type { ProductPicture, ProductPictures } from '@/lib/contracts/product-pictures';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const picture = (n: number, overrides: Partial<ProductPicture> = {}): ProductPicture => ({
  id: `pic-${n}`,
  src: `/media/p/pic-${n}.webp`,
  alt: `Picture alt ${n}`,
  position: n - 1,
  uploaded: true,
  ...overrides,
});

const PRODUCT = { id: 'p-1', name: 'Red Velvet – 24 red roses', slug: 'red-velvet' };
const THREE = [picture(1, { uploaded: false, alt: 'Drawn roses' }), picture(2), picture(3)];
const base = '*/admin/api/products/p-1/pictures';

/** Answers the list with `pictures`; records what the other calls were sent. */
function shop(pictures: ProductPicture[] = THREE) {
  const sent = { order: [] as unknown[], alt: [] as { id: string; body: unknown }[], removed: [] as string[], uploads: [] as FormData[] };
  server.use(http.get(base, () => HttpResponse.json(ok<ProductPictures>({ product: PRODUCT, pictures }))));
  return sent;
}

const card = (place: number) => within(screen.getByRole('listitem', { name: new RegExp(`^Picture ${place} of`) }));
const renderPage = async () => {
  render(<PicturesManager productId="p-1" />);
  await screen.findByRole('heading', { name: 'Pictures' });
};

it('shows the pictures first first with their alt text, which is first and which is a sample, and the way back', async () => {
  shop();
  await renderPage();
  expect(screen.getByText('Red Velvet – 24 red roses')).toBeInTheDocument();
  expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-labelledby') && document.getElementById(item.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
    'Picture 1 of 3 First: on product cards Sample',
    'Picture 2 of 3',
    'Picture 3 of 3',
  ]);
  expect(card(1).getByRole('img', { name: 'Drawn roses' })).toHaveAttribute('src', '/media/p/pic-1.webp?w=400');
  expect(card(2).getByText('Picture alt 2')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the product' })).toHaveAttribute('href', '/admin/products/p-1');
  expect(screen.getByRole('link', { name: 'See it in the shop' })).toHaveAttribute('href', '/product/red-velvet');
  // The first cannot move earlier, the last not later.
  expect(card(1).getByRole('button', { name: 'Move earlier (picture 1)' })).toBeDisabled();
  expect(card(3).getByRole('button', { name: 'Move later (picture 3)' })).toBeDisabled();
});

it('moves a picture with buttons: the whole order is sent, the grid follows, the focus stays on the moved picture', async () => {
  const sent = shop();
  server.use(
    http.put(`${base}/order`, async ({ request }) => {
      const body = (await request.json()) as { pictureIds: string[] };
      sent.order.push(body);
      const byId = new Map(THREE.map((p) => [p.id, p]));
      return HttpResponse.json({ ...ok(body.pictureIds.map((id, position) => ({ ...byId.get(id)!, position }))), message: 'The pictures are in their new order' });
    }),
  );
  await renderPage();
  await userEvent.click(card(1).getByRole('button', { name: 'Move later (picture 1)' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Moved: "Drawn roses" is now picture 2 of 3.');
  expect(sent.order).toEqual([{ pictureIds: ['pic-2', 'pic-1', 'pic-3'] }]);
  expect(card(1).getByRole('img')).toHaveAccessibleName('Picture alt 2');
  expect(card(2).getByRole('img')).toHaveAccessibleName('Drawn roses');
  await waitFor(() => expect(card(2).getByRole('button', { name: 'Move later (picture 2)' })).toHaveFocus());

  // From the keyboard: Enter on the focused button moves it again; at the last place the focus moves to 'Move earlier'.
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(card(3).getByRole('img')).toHaveAccessibleName('Drawn roses'));
  expect(sent.order.at(-1)).toEqual({ pictureIds: ['pic-2', 'pic-3', 'pic-1'] });
  await waitFor(() => expect(card(3).getByRole('button', { name: 'Move earlier (picture 3)' })).toHaveFocus());
});

it("shows the server's refusal of a move (a picture changed meanwhile)", async () => {
  shop();
  server.use(
    http.put(`${base}/order`, () => HttpResponse.json(fail(409, "pictureIds must list exactly this product's pictures: 1 is missing; reload the page to see them as they are now"), { status: 409 })),
  );
  await renderPage();
  await userEvent.click(card(2).getByRole('button', { name: 'Move earlier (picture 2)' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/reload the page/);
  expect(card(2).getByRole('img')).toHaveAccessibleName('Picture alt 2');
});

it('changes the alt text in the card; a blank one is refused before sending; the server’s refusal shows', async () => {
  const sent = shop();
  let answer: 'ok' | 'refuse' = 'refuse';
  server.use(
    http.patch(`${base}/:pictureId`, async ({ request, params }) => {
      const body = (await request.json()) as { alt: string };
      sent.alt.push({ id: String(params.pictureId), body });
      if (answer === 'refuse') return HttpResponse.json(fail(400, 'alt: must be at most 200 characters'), { status: 400 });
      return HttpResponse.json({ ...ok({ ...THREE[1]!, alt: body.alt }), message: 'The alt text is changed' });
    }),
  );
  await renderPage();
  await userEvent.click(card(2).getByRole('button', { name: 'Edit alt text (picture 2)' }));
  const form = within(screen.getByRole('form', { name: 'Alt text of picture 2' }));
  const input = form.getByRole('textbox', { name: 'Alt text' });
  expect(input).toHaveValue('Picture alt 2');
  await userEvent.clear(input);
  await userEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(form.getByRole('alert')).toHaveTextContent('Write the alt text');
  expect(sent.alt).toEqual([]);

  await userEvent.type(input, 'Roses');
  await userEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await form.findByRole('alert')).toHaveTextContent('alt: must be at most 200 characters');

  answer = 'ok';
  await userEvent.clear(input);
  await userEvent.type(input, '  Twelve red roses in a kraft wrap ');
  await userEvent.click(form.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('status')).toHaveTextContent('The alt text is changed: "Twelve red roses in a kraft wrap".');
  expect(sent.alt.at(-1)).toEqual({ id: 'pic-2', body: { alt: 'Twelve red roses in a kraft wrap' } });
  expect(card(2).getByText('Twelve red roses in a kraft wrap')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Alt text of picture 2' })).not.toBeInTheDocument();
});

it('removes a picture only after confirmation', async () => {
  const sent = shop();
  server.use(
    http.delete(`${base}/:pictureId`, ({ params }) => {
      sent.removed.push(String(params.pictureId));
      return HttpResponse.json({ ...ok([THREE[0]!, { ...THREE[2]!, position: 1 }]), message: 'The picture is removed' });
    }),
  );
  await renderPage();
  await userEvent.click(card(2).getByRole('button', { name: 'Remove (picture 2)' }));
  const confirm = within(screen.getByRole('group', { name: 'Remove picture 2?' }));
  expect(confirm.getByText('Remove this picture? It leaves the shop at once.')).toBeInTheDocument();
  await userEvent.click(confirm.getByRole('button', { name: 'Keep it' }));
  expect(screen.queryByRole('group', { name: 'Remove picture 2?' })).not.toBeInTheDocument();
  expect(sent.removed).toEqual([]);

  await userEvent.click(card(2).getByRole('button', { name: 'Remove (picture 2)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, remove (picture 2)' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Removed: "Picture alt 2". 2 pictures are left.');
  // Its card is gone: the focus goes to the line that says so.
  expect(screen.getByRole('status')).toHaveFocus();
  expect(sent.removed).toEqual(['pic-2']);
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
  expect(card(2).getByRole('img')).toHaveAccessibleName('Picture alt 3');
});

describe('the upload form', () => {
  const jpeg = () => new NodeFile([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], 'IMG_7.jpg', { type: 'image/jpeg' }) as unknown as File;

  function answerUpload(answer: { status: number; json: unknown }) {
    const uploads: FormData[] = [];
    server.use(
      http.post(base, async ({ request }) => {
        uploads.push(await request.formData());
        return HttpResponse.json(answer.json as Record<string, unknown>, { status: answer.status });
      }),
    );
    return uploads;
  }

  it('asks for the file and the alt text before sending, then sends both as multipart and shows the picture last', async () => {
    shop();
    const uploads = answerUpload({ status: 201, json: { ...ok(picture(4, { alt: 'Roses in a box' })), message: 'The picture is added' } });
    await renderPage();
    const form = within(screen.getByRole('form', { name: 'Add a picture' }));
    expect(form.getByText(/shows pictures square: a wider or taller picture is cropped/)).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Upload the picture' }));
    expect(form.getByRole('alert')).toHaveTextContent(FILE_MISSING);

    await userEvent.upload(form.getByLabelText('Picture'), jpeg());
    await userEvent.click(form.getByRole('button', { name: 'Upload the picture' }));
    expect(form.getByRole('alert')).toHaveTextContent(ALT_MISSING);
    expect(uploads).toEqual([]);

    await userEvent.type(form.getByRole('textbox', { name: 'Alt text' }), ' Roses in a box ');
    await userEvent.click(form.getByRole('button', { name: 'Upload the picture' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added: "Roses in a box" is picture 4 of 4. Move it earlier to show it sooner.');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.get('alt')).toBe('Roses in a box');
    const sentFile = uploads[0]!.get('file') as File;
    expect([sentFile.name, sentFile.size]).toEqual(['IMG_7.jpg', 8]);
    expect(card(4).getByRole('img')).toHaveAccessibleName('Roses in a box');
    // The form is empty again.
    expect(form.getByRole('textbox', { name: 'Alt text' })).toHaveValue('');
    expect((form.getByLabelText('Picture') as HTMLInputElement).files).toHaveLength(0);
  });

  it("shows the server's refusal (an SVG, a file too large) and keeps what was typed", async () => {
    shop([]);
    answerUpload({ status: 415, json: fail(415, 'The picture must be a JPEG, PNG, WebP, HEIC or AVIF image') });
    await renderPage();
    expect(screen.getByText(/No pictures yet/)).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Add a picture' }));
    await userEvent.upload(form.getByLabelText('Picture'), jpeg());
    await userEvent.type(form.getByRole('textbox', { name: 'Alt text' }), 'Roses');
    await userEvent.click(form.getByRole('button', { name: 'Upload the picture' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The picture must be a JPEG, PNG, WebP, HEIC or AVIF image');
    expect(form.getByRole('textbox', { name: 'Alt text' })).toHaveValue('Roses');
  });
});

it('says so when the product does not exist, with a way back', async () => {
  server.use(http.get(base, () => HttpResponse.json(fail(404, 'Product not found'), { status: 404 })));
  render(<PicturesManager productId="p-1" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  expect(screen.getByRole('link', { name: 'Back to the products' })).toHaveAttribute('href', '/admin/products');
});

it('movedOrder swaps a picture with its neighbour and leaves the ends alone', () => {
  expect(movedOrder(THREE, THREE[0]!, 'later')).toEqual(['pic-2', 'pic-1', 'pic-3']);
  expect(movedOrder(THREE, THREE[2]!, 'earlier')).toEqual(['pic-1', 'pic-3', 'pic-2']);
  expect(movedOrder(THREE, THREE[0]!, 'earlier')).toEqual(['pic-1', 'pic-2', 'pic-3']);
  expect(movedOrder(THREE, THREE[2]!, 'later')).toEqual(['pic-1', 'pic-2', 'pic-3']);
});
