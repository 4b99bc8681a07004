# Constructions of English as the target of spa-eng (Spanish, and French, Portuguese and Italian
# through it), over the English lexical units, before the generator. Written for this service
# (issue 33); sed -E, one request per line (-z).

# "tengo dolor de cabeza", "j'ai mal à la tête" came out as "I have headache": an ailment one has
# once takes "a" in English ("I have a headache", "a cough", "a fever"), also when it is a clinical
# term (a superblank).
s/(\^have<vblex><[^$]*\$ )(\[(headache|stomach ache|stomachache|toothache|earache|backache|sore throat|cough|fever|cold|rash|temperature)\]|\^(headache|stomachache|toothache|earache|backache|cough|fever|cold|rash|temperature)<n><sg>\$)/\1^a<det><ind><sg>$ \2/g

# "desde anoche", "desde ayer", "desde el lunes" came out as "from last night": "desde" + a point
# in time is "since" ("since last night", "since Monday", "since yesterday").
s/\^from<pr>\$ (\^(yesterday|last night|today|this morning|this afternoon|this evening|tonight)<adv>\$)/^since<pr>$ \1/g
s/\^from<pr>\$ \^the<det><def><sg>\$ (\^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)<n><sg>\$)/^since<pr>$ \1/g
