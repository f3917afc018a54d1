import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EntityPicker, PICKERS, type PickedRecord } from '@/components/form/EntityPickerField';

/**
 * Contacts picked one by one (the server-side contact search), at most `max`, shown as chips that
 * can be removed. Its parts go straight into the dialog's Stack; the texts are the dialog's own.
 */
export function ContactsChooser({
  id,
  label,
  max,
  maxNote,
  summary,
  chipsLabel,
  removeLabel,
  chosen,
  onChange,
}: {
  id: string;
  /** The picker's label. */
  label: string;
  max: number;
  /** Shown once `max` are chosen. */
  maxNote: string;
  /** Above the chips: how many are chosen (or that none is). */
  summary: string;
  /** The chips' accessible name, if any. */
  chipsLabel?: string;
  /** A chip's remove button, by contact name. */
  removeLabel: (name: string) => string;
  chosen: PickedRecord[];
  onChange: (chosen: PickedRecord[]) => void;
}) {
  const full = chosen.length >= max;
  const add = (record: PickedRecord | null) => {
    if (record && !full && !chosen.some((c) => c.id === record.id)) onChange([...chosen, record]);
  };
  return (
    <>
      <EntityPicker id={id} label={label} queries={PICKERS.contacts} value={null} onChange={add} />
      {full && <Typography variant="body2">{maxNote}</Typography>}
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {summary}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={chipsLabel}>
          {chosen.map((contact) => (
            <Chip
              key={contact.id}
              label={contact.label}
              onDelete={() => onChange(chosen.filter((c) => c.id !== contact.id))}
              deleteIcon={<CloseRoundedIcon aria-label={removeLabel(contact.label)} />}
            />
          ))}
        </Stack>
      </Box>
    </>
  );
}
