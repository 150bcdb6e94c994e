import { startClient } from '@shopwright/theme-default/client'
import { theme } from './theme.js'

void startClient(theme)
