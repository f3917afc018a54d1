// The customer portal's entry (web/portal.html): none of the CRM's code — React, the portal's own
// screens on plain elements and portal.css, i18next with its own catalogue, Firebase Auth and
// Firestore Lite; Storage on demand.
import '@fontsource-variable/inter';
import './portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './PortalApp';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
