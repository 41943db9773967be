/** A legal text (terms, privacy): the short version, a table of contents, then numbered sections. */
import type { LegalDocument } from '@/lib/content/legal';
import { formatPostDate } from '@/lib/content/blog';
import { PageHeader } from './page-header';
import content from './content.module.css';
import styles from './legal-document.module.css';

export function LegalDocumentView({ doc, lead }: { doc: LegalDocument; lead: string }) {
  return (
    <article>
      <PageHeader
        eyebrow="Legal"
        title={doc.title}
        lead={lead}
        meta={
          <>
            Last updated <time dateTime={doc.updatedAt}>{formatPostDate(doc.updatedAt)}</time>
          </>
        }
      />
      <section className={styles.summary} aria-labelledby="short-version">
        <h2 id="short-version">The short version</h2>
        <ul>
          {doc.summary.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
      <nav className={styles.toc} aria-labelledby="contents">
        <h2 id="contents">Contents</h2>
        <ol>
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={content.prose}>
        {doc.sections.map((section, i) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>
              {i + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
