import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PhoneApp } from './PhoneApp';
import { loadStoredLocale } from './i18n/i18n';
import './phone.css';

/**
 * The entry of the public face (phone.html): the phone area and /shouye. Plain React and a small
 * stylesheet, none of the console (antd, the menu, the guard): a first visit on a phone fetches
 * a fraction of the console's script, and never loads a menu (rule 3).
 */
void loadStoredLocale().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PhoneApp />
    </StrictMode>,
  ),
);
