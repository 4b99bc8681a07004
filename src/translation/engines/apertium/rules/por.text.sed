# Brazilian Portuguese as it is spoken and as a recognizer writes it, before the analyser of pt-es
# (which knows only the written forms): "tô com febre", "tá doendo", "pra", "pro". Written for this
# service (issue 33); sed -E over the request's text (-z), whole words only, a capital kept.
# ("tão" is left alone: it is also "so".)
s/(^|[^[:alnum:]\\])tô([^[:alnum:]]|$)/\1estou\2/g
s/(^|[^[:alnum:]\\])Tô([^[:alnum:]]|$)/\1Estou\2/g
s/(^|[^[:alnum:]\\])tá([^[:alnum:]]|$)/\1está\2/g
s/(^|[^[:alnum:]\\])Tá([^[:alnum:]]|$)/\1Está\2/g
s/(^|[^[:alnum:]\\])tava([^[:alnum:]]|$)/\1estava\2/g
s/(^|[^[:alnum:]\\])Tava([^[:alnum:]]|$)/\1Estava\2/g
s/(^|[^[:alnum:]\\])tavam([^[:alnum:]]|$)/\1estavam\2/g
s/(^|[^[:alnum:]\\])Tavam([^[:alnum:]]|$)/\1Estavam\2/g
s/(^|[^[:alnum:]\\])pra([^[:alnum:]]|$)/\1para\2/g
s/(^|[^[:alnum:]\\])Pra([^[:alnum:]]|$)/\1Para\2/g
s/(^|[^[:alnum:]\\])pro([^[:alnum:]]|$)/\1para o\2/g
s/(^|[^[:alnum:]\\])Pro([^[:alnum:]]|$)/\1Para o\2/g
s/(^|[^[:alnum:]\\])pras([^[:alnum:]]|$)/\1para as\2/g
s/(^|[^[:alnum:]\\])Pras([^[:alnum:]]|$)/\1Para as\2/g
s/(^|[^[:alnum:]\\])pros([^[:alnum:]]|$)/\1para os\2/g
s/(^|[^[:alnum:]\\])Pros([^[:alnum:]]|$)/\1Para os\2/g
