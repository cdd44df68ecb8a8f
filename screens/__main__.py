from screens.launch import main

raise SystemExit(main())
