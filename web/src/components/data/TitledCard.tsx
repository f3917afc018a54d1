import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** An outlined card with a title (and an action at its right, if any) above its content. */
export function TitledCard({
  title,
  heading = 'h2',
  action,
  children,
}: {
  title: string;
  /** The title's heading level (the page's outline). */
  heading?: 'h2' | 'h3';
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}
        >
          <Typography variant={heading} sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
