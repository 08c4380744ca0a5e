/** The assistant's texts, apart from its schemas so a page that shows a title does not load them. */
export const AI_TEXT = {
  // spec 000 §2, §4
  placeholder: 'Hey, ask me anything :D',
  generating: 'Generating...',
  // decided
  panelTitle: 'AI Assistant',
  openButton: 'Assistant',
  submit: 'Submit',
  question: 'Your question',
  newConversation: 'New conversation',
  deleteConversation: 'Delete conversation',
  conversationDeleted: 'Conversation deleted',
  history: 'Conversations',
  backToChat: 'Back to the conversation',
  loadOlder: 'Load older messages',
  noConversations: 'No conversations yet',
  moreConversations: 'Show more',
  empty: 'Ask about this project: its tasks, assets, brief and chat.',
  usedItems: 'Used:',
  you: 'You',
  assistant: 'Assistant',
  notConfigured:
    'The AI assistant is not set up on this server. An administrator can connect it with AI_BASE_URL and AI_MODEL.',
  budgetExhausted: 'Your team has used its AI assistant budget for this month.',
  rateLimited: 'You are asking too quickly. Please wait a minute and try again.',
  busy: 'The AI service is busy right now. Please try again in a moment.',
  unavailable: 'The AI service is not available right now. Please try again later.',
  timeout: 'The AI service took too long to answer. Please try again.',
  blockedAddress: 'The AI service address is not allowed: a private address must be listed as trusted.',
  stopped: 'Stopped',
  conversationNotFound: 'Conversation not found',
  kind: { task: 'Task', asset: 'Asset', brief: 'Brief', chat: 'Project chat' },
} as const;
