// The page's script (see README, gocount serve).
