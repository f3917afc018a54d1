import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';

/** 'No hay empresas' with an icon and, when the member may create, 'Crear primera empresa'. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
}: {
  icon?: SvgIconComponent;
  title: string;
  body?: string;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <Box
      data-testid="empty-state"
      sx={{
        textAlign: 'center',
        py: { xs: 5, sm: 7 },
        px: 2,
        border: '1px dashed',
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
    >
      {Icon && <Icon sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} aria-hidden="true" />}
      <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {body && <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{body}</Typography>}
      {action && (
        <Button variant="contained" onClick={action.onClick} sx={{ mt: 2 }}>
          {action.label}
        </Button>
      )}
    </Box>
  );
}

/** A list's 'empty' texts, as each feature catalogue has them under `empty`. */
export interface ListEmptyTexts {
  title: string;
  body?: string;
  action: string;
  filtered: string;
  clear: string;
}

/**
 * A list with no rows: 'nothing matches' with a way to clear the search and filters when they are
 * set, else 'No hay …' with 'Crear primer …' for the member who may create.
 */
export function ListEmptyState({
  icon,
  texts,
  filtered,
  onClear,
  onCreate,
}: {
  icon: SvgIconComponent;
  texts: ListEmptyTexts;
  filtered: boolean;
  onClear: () => void;
  onCreate?: () => void;
}) {
  return filtered ? (
    <EmptyState icon={icon} title={texts.filtered} action={{ label: texts.clear, onClick: onClear }} />
  ) : (
    <EmptyState
      icon={icon}
      title={texts.title}
      body={texts.body}
      action={onCreate ? { label: texts.action, onClick: onCreate } : undefined}
    />
  );
}
