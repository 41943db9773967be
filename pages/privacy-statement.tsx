import { LegalDocumentView } from '@/components/content/legal-document';
import { Seo } from '@/components/seo/seo';
import type { InferGetServerSidePropsType } from 'next';
import { privacyStatement, type LegalDocument } from '@/lib/content/legal';
import { withShell } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';
import content from '@/components/content/content.module.css';

// The document travels as page data, not as JavaScript.
export const getServerSideProps = withShell<{ doc: LegalDocument }>(async (_ctx, shell) => ({ props: { doc: privacyStatement(shell.shopInfo) } }));

export default function PrivacyStatementPage({ doc }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { shopInfo } = useShell();
  return (
    <main className={`${content.page} ${content.narrow}`}>
      <Seo title={`Privacy statement | ${shopInfo.brandName}`} description={doc.description} path="/privacy-statement" />
      <LegalDocumentView doc={doc} lead="What personal data we collect when you order, why, who sees it, and the rights the Nigeria Data Protection Act 2023 gives you." />
    </main>
  );
}
