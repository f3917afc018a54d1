import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyDocument, hasRemoteImages } from './emailUtils';

/**
 * The frame's sandbox: links may open a new tab (outside the sandbox); same origin so the page can
 * read the content's height. Never allow-scripts: with it, same origin would let the content reach
 * the app.
 */
export const BODY_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox allow-same-origin';

/**
 * A message's HTML (sanitised by the server) in a sandboxed frame that runs no script and loads
 * nothing but inline styles and embedded images: remote images (tracking pixels too) wait for
 * 'Mostrar imágenes'. The frame takes its content's height.
 */
export function BodyFrame({ html, title }: { html: string; title: string }) {
  const { t } = useTranslation('emails');
  const [showImages, setShowImages] = useState(false);
  const [height, setHeight] = useState(80);
  const frame = useRef<HTMLIFrameElement>(null);
  const remote = hasRemoteImages(html);

  const measure = useCallback(() => {
    const root = frame.current?.contentDocument?.documentElement;
    if (root) setHeight(Math.max(40, Math.ceil(root.scrollHeight)));
  }, []);
  // A narrower window wraps the text again: measure on every width change.
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <Box>
      {remote && !showImages && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            mb: 1,
            px: 1.5,
            py: 0.75,
            borderRadius: 2,
            bgcolor: 'action.hover',
          }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: '1 1 200px' }}>
            {t('thread.imagesBlocked')}
          </Typography>
          <Button size="small" startIcon={<ImageRoundedIcon />} onClick={() => setShowImages(true)}>
            {t('thread.showImages')}
          </Button>
        </Box>
      )}
      <iframe
        ref={frame}
        title={title}
        sandbox={BODY_SANDBOX}
        srcDoc={bodyDocument(html, showImages)}
        onLoad={measure}
        data-testid="email-body-frame"
        style={{ display: 'block', width: '100%', height, border: 0, background: '#fff', borderRadius: 4 }}
      />
    </Box>
  );
}
