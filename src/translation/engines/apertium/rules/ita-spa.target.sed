# Constructions of Italian into Spanish (ita-spa), over the Spanish lexical units the transfer
# wrote, before the generator. Written for this service (issue 33); sed -E, one request per line.

# "tossisco da tre giorni" came out as "de tres días": "da" + a length of time is "desde hace".
s/\^([Dd])e<pr>\$ (\^[^$<]+<(num|det><ind|det><qnt)>[^$]*\$ \^(minuto|hora|día|semana|mes|año)<n>)/^\1esde<pr>$ ^hacer<vblex><pri><p3><sg>$ \2/g

# "credo di essere incinta" came out as "creo de ser" (and so "I create"): "creer" takes the
# infinitive without "de".
s/(\^[Cc]reer<vblex>[^$]*\$ )\^de<pr>\$ (\^[^$<]+<(vblex|vbser|vbhaver)><inf>\$)/\1\2/g
