# Constructions of Brazilian Portuguese as a source (pt-es, and so Portuguese into English, French
# and Italian through Spanish), over the tagged lexical units, before the transfer. Written for
# this service (issue 33); sed -E, one request per line (-z). Each rule: what it rewrites, and
# what came out before.

# "Estou com febre", "estou com muita tosse": "estar com" + a symptom is "have" ("tener"); it
# came out as "estoy con fiebre", "I am with fever". With a determiner it stays "with" ("estou
# com o meu filho"): only a bare noun, a quantity or an indefinite article follows here.
s/\^([Ee])star<vblex><([a-z]+)><(p[123])><(sg|pl)>\$ \^com<pr>\$ (\^[^$<]+<(n|adj|num|det><ind|det><qnt)>|\[)/^\1ter<vblex><\2><\3><\4>$ \5/g
s/\^Eter<vblex>/^Ter<vblex>/g
s/\^eter<vblex>/^ter<vblex>/g

# "Minha pressão costuma ser alta" came out as "acostumbra ser", "accustoms to be": "costumar"
# + infinitive is "usually" + the verb, in the tense and person "costumar" had.
s/\^([Cc])ostumar<vblex><([a-z]+)><(p[123])><(sg|pl)>\$ \^([^$<]+)<(vblex|vbser|vbhaver|vbmod)><inf>\$/^\1ostumar<adv>$ ^\5<\6><\2><\3><\4>$/g
s/\^Costumar<adv>/^Normalmente<adv>/g
s/\^costumar<adv>/^normalmente<adv>/g

# "fico cansada", "fiquei tonta" came out as "I remain tired", "remained silly": "ficar" + how
# one is ("cansada", "nervoso", "tonta") is "estar" (am, was).
s/\^([Ff])icar<vblex>(<[a-z]+><p[123]><(sg|pl)>)\$ ((\^[^$<]+<(preadv|adv)>\$ |\^[Mm]uito<[^$]*\$ )?\^[^$<]+<(adj|vblex><pp)>)/^\1icar<estar>\2$ \4/g
s/\^Ficar<estar>/^Estar<vblex>/g
s/\^ficar<estar>/^estar<vblex>/g
