import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '@/i18n';

interface PreviewDeal {
  title: 'deal1' | 'deal2' | 'deal3' | 'deal4';
  company: 'company1' | 'company2' | 'company3' | 'company4';
  amount: number;
}

const COLUMNS: { stage: 'stageNew' | 'stageProgress' | 'stageWon'; color: string; deals: PreviewDeal[] }[] = [
  {
    stage: 'stageNew',
    color: '#6366F1',
    deals: [
      { title: 'deal1', company: 'company1', amount: 4800 },
      { title: 'deal4', company: 'company4', amount: 2300 },
    ],
  },
  {
    stage: 'stageProgress',
    color: '#F59E0B',
    deals: [{ title: 'deal2', company: 'company2', amount: 12500 }],
  },
  { stage: 'stageWon', color: '#10B981', deals: [{ title: 'deal3', company: 'company3', amount: 7200 }] },
];

/** A lightweight, CSS-only picture of the deals board (no image download). Decorative. */
export function BoardPreview() {
  const { t } = useTranslation('landing');
  const language = useLanguage();
  const won = COLUMNS[2].deals.reduce((sum, deal) => sum + deal.amount, 0);
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: 'relative',
        borderRadius: 5,
        p: 2.5,
        bgcolor: 'rgba(255,255,255,0.75)',
        border: '1px solid rgba(99,102,241,0.18)',
        boxShadow: '0 30px 60px -20px rgba(49,46,129,0.35)',
        backdropFilter: 'blur(6px)',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography sx={{ fontWeight: 800 }}>{t('hero.preview.boardTitle')}</Typography>
        <Stack direction="row" spacing={0.75}>
          {['#CBD5E1', '#CBD5E1', '#CBD5E1'].map((color, index) => (
            <Box key={index} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color }} />
          ))}
        </Stack>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1.5 }}>
        {COLUMNS.map((column) => (
          <Box key={column.stage} sx={{ bgcolor: '#F1F5F9', borderRadius: 3, p: 1.25, minHeight: 190 }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mb: 1.25 }}>
              <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: column.color }} />
              <Typography variant="caption" sx={{ fontWeight: 700, color: 'text.secondary' }}>
                {t(`hero.preview.${column.stage}`)}
              </Typography>
            </Stack>
            <Stack spacing={1}>
              {column.deals.map((deal) => (
                <Box
                  key={deal.title}
                  sx={{
                    bgcolor: '#fff',
                    borderRadius: 2,
                    p: 1.25,
                    boxShadow: '0 1px 2px rgba(15,23,42,0.08)',
                    borderLeft: `3px solid ${column.color}`,
                  }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                    {t(`hero.preview.${deal.title}`)}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                    {t(`hero.preview.${deal.company}`)}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 700, mt: 0.5, color: 'primary.main' }}>
                    {formatMoney(deal.amount, language)}
                  </Typography>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
      <Box
        sx={{
          position: 'absolute',
          right: -18,
          bottom: -22,
          bgcolor: '#fff',
          borderRadius: 3,
          px: 2,
          py: 1.25,
          boxShadow: '0 12px 30px rgba(15,23,42,0.16)',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {t('hero.preview.wonTotal')}
        </Typography>
        <Typography sx={{ fontWeight: 800, color: 'success.main', fontSize: '1.25rem' }}>
          {formatMoney(won, language)}
        </Typography>
      </Box>
    </Box>
  );
}
