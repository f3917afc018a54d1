import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import { Link } from 'react-router';

/** 'Volver' above a detail page's title. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} startIcon={<ArrowBackRoundedIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
      {label}
    </Button>
  );
}
