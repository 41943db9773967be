import { LegalDocumentView } from '@/components/content/legal-document';
import { Seo } from '@/components/seo/seo';
import type { InferGetServerSidePropsType } from 'next';
import { legalTerms, type LegalDocument } from '@/lib/content/legal';
import { withShell } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';
import content from '@/components/content/content.module.css';

// The document travels as page data, not as JavaScript.
export const getServerSideProps = withShell<{ doc: LegalDocument }>(async (_ctx, shell) => ({ props: { doc: legalTerms(shell.shopInfo) } }));

export default function LegalTermsPage({ doc }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { shopInfo } = useShell();
  return (
    <main className={`${content.page} ${content.narrow}`}>
      <Seo title={`Terms of sale | ${shopInfo.brandName}`} description={doc.description} path="/legal-terms" />
      <LegalDocumentView doc={doc} lead={`The rules for buying flowers and gifts from ${shopInfo.brandName}, written to be read. The short version comes first.`} />
    </main>
  );
}
