import { t } from '../i18n/i18n';

/** Footer: links and the copyright line of the open-source framework community. */
const LINKS = [
  { title: 'JeecgBoot', href: 'https://github.com/jeecgboot/jeecg-boot' },
  { title: 'Ant Design', href: 'https://ant.design' },
  { title: 'React', href: 'https://react.dev' },
];

export default function GlobalFooter() {
  return (
    <footer className="shell-footer">
      <nav className="shell-footer-links" aria-label={t('layout.friendLinks')}>
        {LINKS.map((l) => (
          <a key={l.href} href={l.href} target="_blank" rel="noopener noreferrer">
            {l.title}
          </a>
        ))}
      </nav>
      <div className="shell-footer-copyright">
        {t('layout.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
