/** Sharing a product on WhatsApp, Facebook and X: plain links, no scripts from those sites. */
import styles from './share-links.module.css';

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const text = encodeURIComponent(`${title} ${url}`);
  const encodedUrl = encodeURIComponent(url);
  const links = [
    { label: 'WhatsApp', href: `https://wa.me/?text=${text}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}` },
    { label: 'X', href: `https://x.com/intent/post?url=${encodedUrl}&text=${encodeURIComponent(title)}` },
  ];
  return (
    <div className={styles.share}>
      <span>Share:</span>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={`Share on ${link.label}`}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
