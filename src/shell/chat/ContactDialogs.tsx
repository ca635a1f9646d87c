import { useEffect, useRef, useState } from 'react';
import { Avatar, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import type { ChatContact } from '../../contract/api/chat';
import { useI18n } from '../i18n/I18nProvider';
import { chatApi } from './api';
import type { ChatController } from './chat-store';
import { useFormName } from '../../widgets/interface/form-name';

/** Typing in the contact search asks the server this long after the last keystroke, in ms. */
const SEARCH_DELAY = 250;

/** Contacts matching what is typed, asked from the server as the user types (the latest answer wins). */
function useContactSearch(open: boolean) {
  const [keyword, setKeyword] = useState('');
  const [contacts, setContacts] = useState<ChatContact[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    if (!open) return;
    const mine = ++latest.current;
    const timer = setTimeout(() => {
      setLoading(true);
      chatApi
        .contacts(keyword.trim())
        .then((rows) => mine === latest.current && setContacts(rows))
        .catch(() => undefined)
        .finally(() => mine === latest.current && setLoading(false));
    }, SEARCH_DELAY);
    return () => clearTimeout(timer);
  }, [keyword, open]);
  return { contacts, loading, search: setKeyword };
}

function ContactLabel({ contact }: { contact: ChatContact }) {
  const { t } = useI18n();
  return (
    <Space size={8}>
      <Avatar size="small" src={contact.avatar || undefined} icon={contact.is_robot ? <RobotOutlined /> : undefined}>
        {contact.name.slice(0, 1)}
      </Avatar>
      <span>{contact.name}</span>
      {contact.team_name && <Typography.Text type="secondary">{contact.team_name}</Typography.Text>}
      {contact.is_robot === 1 ? <Tag color="blue">{t('chat.robot')}</Tag> : contact.is_online === 1 && <Tag color="green">{t('chat.online')}</Tag>}
    </Space>
  );
}

interface ContactSelectProps {
  open: boolean;
  multiple?: boolean;
  value?: number | number[];
  onChange?: (value: number | number[]) => void;
  /** People only (a group has no robots in it). */
  peopleOnly?: boolean;
  exclude?: readonly number[];
}

/** A select over the contact search: type a name, pick one person (or several). */
function ContactSelect({ open, multiple, value, onChange, peopleOnly, exclude = [] }: ContactSelectProps) {
  const { t } = useI18n();
  const { contacts, loading, search } = useContactSearch(open);
  const options = contacts
    .filter((c) => !(peopleOnly && c.is_robot) && !exclude.includes(c.id))
    .map((c) => ({ value: c.id, label: <ContactLabel contact={c} />, title: c.name }));
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      showSearch={{ onSearch: search, filterOption: false }}
      placeholder={t('chat.searchContacts')}
      notFoundContent={loading ? t('chat.loading') : t('chat.noContacts')}
      optionLabelProp="title"
      style={{ width: '100%' }}
      data-testid="chat-contact-select"
    />
  );
}

/** Start a private chat: pick a person (or a robot), and their dialogue opens. */
export function NewChatDialog({ chat, open, onClose }: { chat: ChatController; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const [picked, setPicked] = useState<number>();
  const [busy, setBusy] = useState(false);
  async function start() {
    if (picked === undefined) return;
    setBusy(true);
    try {
      await chat.startWith('panel', picked);
      setPicked(undefined);
      onClose();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      title={t('chat.newChat')}
      open={open}
      onCancel={onClose}
      onOk={() => void start()}
      okText={t('chat.startChat')}
      okButtonProps={{ disabled: picked === undefined, loading: busy }}
      destroyOnHidden
    >
      <ContactSelect open={open} value={picked} onChange={(v) => setPicked(v as number)} />
    </Modal>
  );
}

interface GroupForm {
  name: string;
  member_ids: number[];
}

/** Create a group: a name and its first members; the new group's dialogue opens. */
export function NewGroupDialog({ chat, open, onClose }: { chat: ChatController; open: boolean; onClose: () => void }) {
  const formName = useFormName('newGroup');
  const { t } = useI18n();
  const [form] = Form.useForm<GroupForm>();
  const [busy, setBusy] = useState(false);
  async function create(values: GroupForm) {
    setBusy(true);
    try {
      await chat.createGroup('panel', values.name.trim(), values.member_ids);
      form.resetFields();
      onClose();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      title={t('chat.newGroup')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('chat.createGroup')}
      okButtonProps={{ loading: busy }}
      destroyOnHidden
    >
      <Form name={formName} form={form} layout="vertical" onFinish={(values) => void create(values)} preserve={false}>
        <Form.Item name="name" label={t('chat.groupName')} rules={[{ required: true, whitespace: true, message: t('chat.groupNameRequired') }, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="member_ids" label={t('chat.groupMembers')} rules={[{ required: true, message: t('chat.groupMembersRequired') }]}>
          <ContactSelect open={open} multiple peopleOnly />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Invite more people into a group. */
export function InviteDialog({
  open,
  exclude,
  onInvite,
  onClose,
}: {
  open: boolean;
  exclude: readonly number[];
  onInvite: (ids: number[]) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  async function invite() {
    setBusy(true);
    try {
      await onInvite(picked);
      setPicked([]);
      onClose();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      title={t('chat.invite')}
      open={open}
      onCancel={onClose}
      onOk={() => void invite()}
      okButtonProps={{ disabled: picked.length === 0, loading: busy }}
      destroyOnHidden
    >
      <ContactSelect open={open} multiple peopleOnly exclude={exclude} value={picked} onChange={(v) => setPicked(v as number[])} />
    </Modal>
  );
}
